/**
 * The supervisor's part, on small stand-in workers (plain Node scripts written here): a worker
 * that dies is named in the log with the reason (out of memory when V8 said so) and started
 * again after a pause that doubles (also when it cannot even be spawned); a stop ends it for
 * good; a worker that never served fails the start. The real servers under `npm start` are in restart-after-kill.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Backoff, RESTART_BACKOFF } from '../../server/cli/backoff.ts';
import { startFailureText } from '../../server/cli/lifecycle.ts';
import { READY_MESSAGE, superviseWorker, WorkerStartError, type SupervisedWorker } from '../../server/cli/worker-process.ts';
import { gone, killHard } from '../support/processes.ts';
import { poll } from '../support/npm-start.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-workers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A worker whose n-th start (counted in a file) does `behaviour[n]`, or the last one listed:
 * 'serve' says it is ready and stays; 'oom' says it is ready, then fills its heap; 'crash' says
 * it is ready and exits with code 3; 'fail' exits with code 1 before it is ready.
 */
async function standIn(
  name: string,
  behaviour: Array<'serve' | 'oom' | 'crash' | 'fail'>,
): Promise<{ module: string; starts: () => Promise<number> }> {
  const counter = path.join(dir, `${name}.starts`);
  await writeFile(counter, '0');
  const module = path.join(dir, `${name}.mjs`);
  await writeFile(
    module,
    `import { readFileSync, writeFileSync } from 'node:fs';
     const n = Number(readFileSync(${JSON.stringify(counter)}, 'utf8'));
     writeFileSync(${JSON.stringify(counter)}, String(n + 1));
     const behaviour = ${JSON.stringify(behaviour)};
     const what = behaviour[Math.min(n, behaviour.length - 1)];
     process.on('SIGTERM', () => process.exit(0));
     if (what === 'fail') process.exit(1);
     process.send(${JSON.stringify(READY_MESSAGE)});
     if (what === 'crash') setTimeout(() => process.exit(3), 10);
     if (what === 'oom') { const kept = []; setTimeout(() => { for (;;) kept.push(new Array(1000).fill(kept.length)); }, 10); }
     setInterval(() => undefined, 1000);`,
  );
  return { module, starts: async () => Number(await readFile(counter, 'utf8')) };
}

function supervise(name: string, module: string, opts: { heapLimitMb?: number; cwd?: string } = {}) {
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
  let stderr = '';
  const worker = superviseWorker(
    {
      name,
      module,
      cwd: opts.cwd ?? dir,
      env: process.env,
      execArgv: opts.heapLimitMb ? [`--max-old-space-size=${opts.heapLimitMb}`] : [],
      heapLimitMb: opts.heapLimitMb,
    },
    { log, backoff: { firstMs: 100, maxMs: 400, resetAfterMs: 60_000 }, stderr: { write: (chunk: string) => (stderr += chunk) } },
  );
  return { worker, lines, stderr: () => stderr };
}

const linesMatching = (lines: string[], pattern: RegExp) => lines.filter((l) => pattern.test(l));

async function stopped(worker: SupervisedWorker) {
  const pid = worker.pid;
  await worker.stop();
  if (pid) expect(gone(pid)).toBe(true);
}

describe('a supervised worker', () => {
  it('that runs out of memory is named as such in the log and started again', async () => {
    const script = await standIn('oom', ['oom', 'serve']);
    const { worker, lines, stderr } = supervise('test worker', script.module, { heapLimitMb: 16 });
    await worker.ready;
    const first = worker.pid;
    await poll('the worker to be back', () => linesMatching(lines, /is back/).length === 1);
    const [died] = linesMatching(lines, /died/);
    expect(died).toMatch(
      new RegExp(
        `^\\[supervisor\\] test worker \\(pid ${first}\\) died: out of memory \\(FATAL ERROR: .*JavaScript heap out of memory, ` +
          'its heap limited to 16 MB; killed by signal SIGABRT\\); starting it again in 0\\.1 s$',
      ),
    );
    expect(linesMatching(lines, /is back/)[0]).toMatch(
      new RegExp(`^\\[supervisor\\] test worker is back \\(pid ${worker.pid}\\), serving again \\d+\\.\\d s after it died$`),
    );
    expect(worker.pid).not.toBe(first);
    expect(await script.starts()).toBe(2);
    // Its own last words reach the supervisor's stderr as they were.
    expect(stderr()).toContain('<--- Last few GCs --->');
    await stopped(worker);
  }, 120_000);

  it('that keeps dying waits twice as long each time, up to the limit, and says how it ended', async () => {
    const script = await standIn('crashes', ['crash', 'fail', 'fail', 'fail', 'serve']);
    const { worker, lines } = supervise('test worker', script.module);
    await worker.ready;
    await poll('the fifth start to serve', () => linesMatching(lines, /is back/).length === 1);
    expect(lines.map((l) => l.replace(/pid \d+/, 'pid N').replace(/again [\d.]+ s after/, 'again T s after'))).toEqual([
      '[supervisor] test worker (pid N) died: exited with code 3; starting it again in 0.1 s',
      '[supervisor] test worker (pid N) died: exited with code 1; starting it again in 0.2 s',
      '[supervisor] test worker (pid N) died: exited with code 1; starting it again in 0.4 s',
      '[supervisor] test worker (pid N) died: exited with code 1; starting it again in 0.4 s',
      '[supervisor] test worker is back (pid N), serving again T s after it died',
    ]);
    // Counted from the first death: 0.1 + 0.2 + 0.4 + 0.4 s of pauses at least.
    expect(Number(/again ([\d.]+) s after/.exec(lines[4])![1])).toBeGreaterThanOrEqual(1.1);
    expect(await script.starts()).toBe(5);
    await stopped(worker);
  }, 120_000);

  it('that cannot even be spawned again is tried again after the pause, the supervisor unharmed', async () => {
    const script = await standIn('respawn', ['serve']);
    const cwd = path.join(dir, 'respawn-folder');
    await mkdir(cwd);
    const { worker, lines } = supervise('test worker', script.module, { cwd });
    await worker.ready;
    // Its working folder gone, a new process cannot start there.
    await rm(cwd, { recursive: true });
    killHard(worker.pid!);
    await poll('a failed spawn', () => linesMatching(lines, /could not be started/).length > 0);
    await mkdir(cwd);
    await poll('the worker to be back', () => linesMatching(lines, /is back/).length === 1);
    expect(lines[0]).toMatch(/^\[supervisor\] test worker \(pid \d+\) died: killed by signal SIGKILL .*; starting it again in 0\.1 s$/);
    expect(lines[1]).toMatch(/^\[supervisor\] test worker could not be started: spawn .* ENOENT; starting it again in 0\.2 s$/);
    expect(lines.at(-1)).toMatch(/^\[supervisor\] test worker is back \(pid \d+\)/);
    await stopped(worker);
  }, 120_000);

  it('that someone else stops with SIGTERM is named as stopped, not dead, and started again', async () => {
    const script = await standIn('terminated', ['serve']);
    const { worker, lines } = supervise('test worker', script.module);
    await worker.ready;
    const first = worker.pid!;
    process.kill(first, 'SIGTERM');
    await poll('the worker to be back', () => linesMatching(lines, /is back/).length === 1);
    expect(lines[0]).toBe(`[supervisor] test worker (pid ${first}) stopped: exited with code 0; starting it again in 0.1 s`);
    expect(lines[1]).toMatch(
      new RegExp(`^\\[supervisor\\] test worker is back \\(pid ${worker.pid}\\), serving again \\d+\\.\\d s after it stopped$`),
    );
    await stopped(worker);
  }, 120_000);

  it('that is stopped ends and is not started again', async () => {
    const script = await standIn('stops', ['serve']);
    const { worker, lines } = supervise('test worker', script.module);
    await worker.ready;
    await stopped(worker);
    expect(lines).toEqual([]);
    expect(await script.starts()).toBe(1);
  });

  it('that dies before it first served fails the start, naming how', async () => {
    const script = await standIn('fails', ['fail']);
    const { worker, lines } = supervise('test worker', script.module);
    const failure = await worker.ready.catch((err: unknown) => err);
    expect(failure).toEqual(new WorkerStartError('The test worker did not start: exited with code 1.'));
    // `npm start` prints it as its message alone: the worker's own error is already above it.
    expect(startFailureText(failure)).toBe('\nThe test worker did not start: exited with code 1.\n');
    expect(lines).toEqual([]);
    expect(await script.starts()).toBe(1);
  });
});

describe('the restart pause', () => {
  it('is 1 s, doubling to 30 s, and 1 s again after a worker stayed up a minute', () => {
    const backoff = new Backoff(RESTART_BACKOFF);
    const quickDeaths = Array.from({ length: 7 }, () => backoff.next(500));
    expect(quickDeaths).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(backoff.next(60_000)).toBe(1_000);
    expect(backoff.next(59_000)).toBe(2_000);
  });
});
