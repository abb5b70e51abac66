/**
 * Starts the benches' HTTP client (http-client-child.ts) in a child process; one request at a time.
 *
 *   const client = startHttpClient();
 *   const { status, ms, body } = await client.call({ url, method: 'POST', headers, body });
 *   const { bytes, sha256 } = await client.download({ url, authorization, skip: 0 });
 *   await client.stop();
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ClientRequest, ClientResult } from './http-client-child.ts';

type Answer<K> = Omit<Extract<ClientResult, { ok: true; kind: K }>, 'ok' | 'kind'>;
type Asked<K> = Omit<Extract<ClientRequest, { kind: K }>, 'kind'>;

export interface HttpClient {
  call(request: Asked<'call'>): Promise<Answer<'call'>>;
  download(request: Asked<'download'>): Promise<Answer<'download'>>;
  stop(): Promise<void>;
}

export function startHttpClient(): HttpClient {
  // A child inherits this process's flags, tsx's loader among them.
  const child = fork(fileURLToPath(new URL('./http-client-child.ts', import.meta.url)));
  const ask = <T>(request: ClientRequest) =>
    new Promise<T>((resolve, reject) => {
      // A client that dies fails the bench rather than leaving it waiting for an answer.
      const died = (code: number | null) => reject(new Error(`the bench's HTTP client exited (${code}) before answering`));
      child.once('exit', died);
      child.once('message', (result: ClientResult) => {
        child.off('exit', died);
        if (result.ok) resolve(result as T);
        else reject(new Error(result.error));
      });
      child.send(request);
    });
  return {
    call: (request) => ask({ kind: 'call', ...request }),
    download: (request) => ask({ kind: 'download', ...request }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}
