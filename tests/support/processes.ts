/** Spawning and hard-killing helper processes in tests, and waiting on what /proc says of them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { commandLine, processStatus } from '../../server/db/process-table.ts';

/** Polls `check` every 50 ms until it holds; throws with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Resolves with the first stdout line that parses as JSON. */
export function firstJsonLine<T>(child: ChildProcess, timeoutMs = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`No JSON line within ${timeoutMs} ms:\n${out}\n${err}`)), timeoutMs);
    child.stderr?.on('data', (chunk) => (err += chunk));
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        clearTimeout(timer);
        return resolve(JSON.parse(line));
      }
    });
    child.on('exit', (code) => reject(new Error(`Exited (${code}) before printing JSON:\n${out}\n${err}`)));
  });
}

export const gone = (pid: number) => {
  const status = processStatus(pid);
  return !status || status.state === 'Z';
};

export function killHard(...pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** The pids whose parent is `ppid` and whose command line contains `needle`. */
export function childrenOf(ppid: number, needle: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => processStatus(pid)?.ppid === ppid && commandLine(pid).join(' ').includes(needle));
}

/**
 * Runs `command` under a subreaper that never reaps: a process orphaned by the command's death
 * becomes its child and, once dead, stays a zombie until the subreaper is killed. This is what
 * makes "PostgreSQL is a zombie when Fieldbase restarts" happen every time instead of now and then.
 */
// prctl's system call number (Linux), for perl-base, which has no syscall.ph.
const SYS_PRCTL: Partial<Record<string, number>> = { x64: 157, arm64: 167 };

export function spawnUnderNonReapingSubreaper(command: string[], opts: Parameters<typeof spawn>[2]): ChildProcess {
  const prctl = SYS_PRCTL[process.arch];
  if (!prctl) throw new Error(`No prctl system call number known for ${process.arch}: add it to SYS_PRCTL`);
  const script =
    `syscall(${prctl}, 36, 1, 0, 0, 0) == 0 or die "prctl: $!";` + // PR_SET_CHILD_SUBREAPER
    'my $pid = fork() // die "fork: $!"; if (!$pid) { exec(@ARGV) or die "exec: $!" }' +
    // Killed by a signal: stay, holding its orphans; ended by itself (a failed start): end alike.
    'waitpid($pid, 0); exit($? >> 8) unless $? & 127; sleep 600;';
  return spawn('perl', ['-e', script, ...command], opts);
}
