/**
 * What Linux's /proc says about a process: enough to tell a zombie, an orphan and an unrelated
 * process apart, which `kill(pid, 0)` cannot (it answers "alive" for all three).
 */
import { existsSync, readFileSync } from 'node:fs';

export interface ProcessStatus {
  /** R, S, D, Z (zombie: dead, waiting to be reaped), T... */
  state: string;
  ppid: number;
  /** The program name, e.g. `postgres`. */
  comm: string;
}

export const processTableReadable = (): boolean => existsSync('/proc/self/stat');

export function processStatus(pid: number): ProcessStatus | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may itself hold spaces and parentheses.
  const close = stat.lastIndexOf(')');
  const [state, ppid] = stat.slice(close + 2).split(' ');
  return { state, ppid: Number(ppid), comm: stat.slice(stat.indexOf('(') + 1, close) };
}

export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** Alive and not a zombie (without /proc: whatever `kill(pid, 0)` says). */
export function processRunning(pid: number): boolean {
  if (processTableReadable()) {
    const status = processStatus(pid);
    return status !== undefined && status.state !== 'Z';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
