/**
 * The benches' HTTP client in a process of its own, as a browser or a phone is: the server being
 * measured keeps its event loop (and its memory figure) to itself, and answers reach the client
 * as soon as they are sent, not once the server's event loop has finished what follows a send.
 * Started by http-client.ts; each message asks for one request:
 *  - `call`: one request, timed from its start to the last byte of its answer (keep-alive); its
 *    body given, or read from a file as it is sent (an upload);
 *  - `download`: one GET read to its end, the bytes after the first `skip` counted and hashed.
 * node:http rather than fetch: fetch's web streams cost more per chunk than a server spends
 * sending one.
 */
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { digest } from './digest.ts';

export type ClientRequest =
  | { kind: 'call'; url: string; method: string; headers: Record<string, string>; body?: string; bodyFile?: string }
  | { kind: 'download'; url: string; authorization: string; skip: number };

export type ClientResult =
  | { ok: true; kind: 'call'; status: number; ms: number; body: string }
  | { ok: true; kind: 'download'; bytes: number; sha256: string }
  | { ok: false; error: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
  bodyFile?: string,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, resolve).on('error', reject);
    if (bodyFile === undefined) request.end(body);
    else pipeline(createReadStream(bodyFile), request).catch(reject);
  });
}

async function text(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function handle(request: ClientRequest): Promise<ClientResult> {
  if (request.kind === 'call') {
    const started = performance.now();
    const res = await send(request.url, request.method, request.headers, request.body, request.bodyFile);
    const body = await text(res);
    return { ok: true, kind: 'call', status: res.statusCode ?? 0, ms: performance.now() - started, body };
  }
  const res = await send(request.url, 'GET', { authorization: request.authorization });
  if (res.statusCode !== 200) return { ok: false, error: `GET ${request.url} answered ${res.statusCode}: ${await text(res)}` };
  const { sink, result } = digest(request.skip);
  await pipeline(res, sink);
  return { ok: true, kind: 'download', ...result() };
}

process.on('message', (request: ClientRequest | 'stop') => {
  if (request === 'stop') return process.disconnect();
  handle(request).then(
    (result) => process.send!(result),
    (err: Error) => process.send!({ ok: false, error: err.message } satisfies ClientResult),
  );
});
