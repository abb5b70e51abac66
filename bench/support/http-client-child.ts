/**
 * A download client in a process of its own, as a browser is: the server being measured keeps its
 * event loop (and its memory figure) to itself. Each message asks for one URL, read to its end
 * with its bytes after the first `skip` counted and hashed (SHA-256); the answer says how many and
 * the hash. Started by download-client.ts.
 */
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { digest } from './digest.ts';

export interface DownloadRequest {
  url: string;
  authorization: string;
  /** Bytes at the start left out of the count and the hash (a file's byte-order mark and header). */
  skip: number;
}

export type DownloadResult = { ok: true; bytes: number; sha256: string } | { ok: false; error: string };

/** node:http rather than fetch: its web streams cost more per chunk than the server spends sending one. */
async function download({ url, authorization, skip }: DownloadRequest): Promise<DownloadResult> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(url, { headers: { authorization } }, resolve).on('error', reject),
  );
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    return { ok: false, error: `GET ${url} answered ${res.statusCode}: ${text}` };
  }
  const { sink, result } = digest(skip);
  await pipeline(res, sink);
  return { ok: true, ...result() };
}

process.on('message', (request: DownloadRequest | 'stop') => {
  if (request === 'stop') return process.disconnect();
  download(request).then(
    (result) => process.send!(result),
    (err: Error) => process.send!({ ok: false, error: err.message } satisfies DownloadResult),
  );
});
