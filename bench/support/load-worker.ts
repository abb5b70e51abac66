/**
 * The load client of the HTTP benchmarks, run in a worker thread so its own work (sending,
 * parsing answers) stays off the event loop of the servers being measured. Each message is one
 * slice: `concurrency` keep-alive loops calling `urls` in turn (several servers behind one
 * client, as a load balancer spreads them) for `ms` milliseconds. A GET by default; with a
 * `body`, a POST of it with each `{n}` replaced by a number no call of this worker used before;
 * with `bodies`, loop i POSTs `bodies[i]` (each loop a different person, say).
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

export interface Slice {
  urls: string[];
  /** Sent as a bearer token when given. */
  token?: string;
  concurrency: number;
  ms: number;
  body?: string;
  bodies?: string[];
}

export interface SliceResult {
  done: number;
  failed: number;
  firstError?: string;
  elapsedMs: number;
  /** Milliseconds of each successful call, in the order they finished. */
  latencies: number[];
  /** Bytes of the last answer's body, and its Content-Range. */
  bodyBytes: number;
  contentRange?: string;
}

const agents = new Map<number, http.Agent>();
const agentFor = (concurrency: number) => {
  let agent = agents.get(concurrency);
  if (!agent) agents.set(concurrency, (agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })));
  return agent;
};
let numbered = 0;

function call(
  url: string,
  token: string | undefined,
  agent: http.Agent,
  body: string | undefined,
): Promise<{ status: number; bytes: number; contentRange?: string }> {
  return new Promise((resolve, reject) => {
    const payload = body?.replaceAll('{n}', String(++numbered));
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const request = http.request(url, { agent, method: payload === undefined ? 'GET' : 'POST', headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, contentRange: response.headers['content-range'] }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function run(slice: Slice): Promise<SliceResult> {
  const agent = agentFor(slice.concurrency);
  const result: SliceResult = { done: 0, failed: 0, elapsedMs: 0, latencies: [], bodyBytes: 0 };
  const start = performance.now();
  const until = start + slice.ms;
  let next = 0;
  await Promise.all(
    Array.from({ length: slice.concurrency }, async (_, loop) => {
      const body = slice.bodies?.[loop] ?? slice.body;
      while (performance.now() < until) {
        const url = slice.urls[next++ % slice.urls.length]!;
        const sent = performance.now();
        try {
          const answer = await call(url, slice.token, agent, body);
          if (answer.status < 200 || answer.status > 299) throw new Error(`answered ${answer.status}`);
          result.latencies.push(performance.now() - sent);
          result.bodyBytes = answer.bytes;
          result.contentRange = answer.contentRange;
          result.done++;
        } catch (err) {
          result.failed++;
          result.firstError ??= (err as Error).message;
        }
      }
    }),
  );
  result.elapsedMs = performance.now() - start;
  return result;
}

parentPort?.on('message', (slice: Slice | 'stop') => {
  if (slice === 'stop') {
    for (const agent of agents.values()) agent.destroy();
    parentPort!.close();
    return;
  }
  run(slice).then((result) => parentPort!.postMessage(result));
});
