/**
 * Where a benchmark's CPU goes: PostgreSQL's processes read from /proc (the postmaster and its
 * children), and the main thread's own JavaScript sampled with the V8 profiler and summed by the
 * package or project file the time was spent in.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuTicks(pid: number, file = `/proc/${pid}/stat`): { ppid: number; ticks: number; reaped: number } | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime + stime; and cutime + cstime, what its children that ended (and were waited for) used.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds used so far by a postmaster and its children, those still running and those
 * that ended (the postmaster waits for each, which adds its time to the postmaster's account).
 */
export function postgresCpuMs(postmasterPid: number): number {
  const postmaster = cpuTicks(postmasterPid);
  let ticks = (postmaster?.ticks ?? 0) + (postmaster?.reaped ?? 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = cpuTicks(Number(entry));
    if (stat?.ppid === postmasterPid) ticks += stat.ticks;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU milliseconds used so far by one process, all its threads (0 once it is gone). */
export function processCpuMs(pid: number): number {
  return ((cpuTicks(pid)?.ticks ?? 0) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds used so far by this process's main thread alone (where the servers run; the
 * load client's worker thread, the libuv pool and V8's helper threads are other tasks).
 */
export function mainThreadCpuMs(): number {
  return ((cpuTicks(process.pid, `/proc/self/task/${process.pid}/stat`)?.ticks ?? 0) * 1000) / TICKS_PER_SECOND;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** The package (node_modules/<name>), project file, Node module or V8 activity a frame belongs to. */
function categoryOf(frame: ProfileNode['callFrame'], root: string): string {
  const { url, functionName } = frame;
  if (!url) return functionName ? `(${functionName.replace(/^\(|\)$/g, '')})` : '(anonymous native)';
  const inModules = url.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = url.slice(inModules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  return file.startsWith(root) ? path.relative(root, file) : file;
}

/** Samples the main thread's JavaScript while `work` runs; answers the share of busy time per category, highest first. */
export async function profileMainThread(
  work: () => Promise<void>,
  root: string,
): Promise<Array<{ category: string; ms: number; share: number }>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let failure: unknown;
  try {
    await work();
  } catch (err) {
    failure = err; // the profiler is stopped first, then the failure goes on
  }
  const { profile } = (await session.post('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  session.disconnect();
  if (failure) throw failure;

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  // A native function (no script of its own: a socket write, a hash) is charged to the JavaScript that called it.
  const categoryOfNode = (id: number): string => {
    const frame = nodes.get(id)!.callFrame;
    if (frame.url || /^\((garbage collector|program|idle|root)\)$/.test(frame.functionName)) return categoryOf(frame, root);
    for (let up = parents.get(id); up !== undefined; up = parents.get(up)) {
      if (nodes.get(up)!.callFrame.url) return `${categoryOf(nodes.get(up)!.callFrame, root)} (native ${frame.functionName || 'code'})`;
    }
    return categoryOf(frame, root);
  };
  const byCategory = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const category = categoryOfNode(id);
    byCategory.set(category, (byCategory.get(category) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  // Idle time, and the profiler's own calls, are not the server's work.
  for (const category of [...byCategory.keys()])
    if (category === '(idle)' || category.startsWith('node:inspector')) byCategory.delete(category);
  const busy = [...byCategory.values()].reduce((a, b) => a + b, 0);
  return [...byCategory.entries()].map(([category, ms]) => ({ category, ms, share: ms / busy })).sort((a, b) => b.ms - a.ms);
}
