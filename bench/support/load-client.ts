/**
 * Starts the load client (load-worker.ts) in a worker thread and answers one slice at a time.
 *
 *   const client = startLoadClient();
 *   const result = await client.run({ urls, token, concurrency: 10, ms: 1000 });
 *   await client.stop();
 */
import { Worker } from 'node:worker_threads';
import type { Slice, SliceResult } from './load-worker.ts';

export interface LoadClient {
  run(slice: Slice): Promise<SliceResult>;
  stop(): Promise<void>;
}

export function startLoadClient(): LoadClient {
  // The worker is TypeScript too: a worker does not inherit tsx's loader on Node 20, so it registers it first.
  const workerModule = new URL('./load-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerModule)}); });`,
    { eval: true },
  );
  return {
    run: (slice) =>
      new Promise<SliceResult>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage(slice);
      }),
    async stop() {
      worker.postMessage('stop');
      await worker.terminate();
    },
  };
}
