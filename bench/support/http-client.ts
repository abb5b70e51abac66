/**
 * Starts the download client (download-worker.ts) in a child process and answers one download at a time.
 *
 *   const downloader = startDownloadClient();
 *   const { bytes, sha256 } = await downloader.get({ url, authorization, skip: 0 });
 *   await downloader.stop();
 */
import type { DownloadRequest, DownloadResult } from './download-worker.ts';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface DownloadClient {
  get(request: DownloadRequest): Promise<{ bytes: number; sha256: string }>;
  stop(): Promise<void>;
}

export function startDownloadClient(): DownloadClient {
  // A child inherits this process's flags, tsx's loader among them.
  const child = fork(fileURLToPath(new URL('./download-worker.ts', import.meta.url)));
  return {
    get: (request) =>
      new Promise((resolve, reject) => {
        child.once('message', (result: DownloadResult) => (result.ok ? resolve(result) : reject(new Error(result.error))));
        child.send(request);
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}
