/**
 * s3rver in a process of its own, as an object store is another machine's work: prints its
 * S3_URL on one line, then serves until stdin closes (the bench that started it ended).
 *
 *   const store = await startS3Process();   // { url, stop() }
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startTestS3 } from '../../tests/support/s3-server.ts';

export async function startS3Process(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const line = printed.split('\n').find((l) => l.startsWith('S3_URL='));
      if (line) resolve(line.slice('S3_URL='.length));
    });
    child.once('exit', (code) => reject(new Error(`the s3rver process ended (${code}) before it served`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

if (process.argv.includes('--serve')) {
  const store = await startTestS3();
  console.log(`S3_URL=${store.url}`);
  process.stdin.resume();
  process.stdin.on('end', () => void store.close().then(() => process.exit(0)));
}
