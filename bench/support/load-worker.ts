/**
 * The load client of the list benchmark, run in a worker thread so its own work (sending,
 * parsing answers) stays off the event loop of the servers being measured. Each message is one
 * slice: `concurrency` keep-alive loops calling GET `url` for `ms` milliseconds.
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

export interface Slice {
  url: string;
  token: string;
  concurrency: number;
  ms: number;
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

function get(url: string, token: string, agent: http.Agent): Promise<{ status: number; bytes: number; contentRange?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, contentRange: response.headers['content-range'] }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function run(slice: Slice): Promise<SliceResult> {
  const agent = agentFor(slice.concurrency);
  const result: SliceResult = { done: 0, failed: 0, elapsedMs: 0, latencies: [], bodyBytes: 0 };
  const start = performance.now();
  const until = start + slice.ms;
  await Promise.all(
    Array.from({ length: slice.concurrency }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const answer = await get(slice.url, slice.token, agent);
          if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
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
