/**
 * Why a worker process ended, in words for the log: its exit code or signal, and "out of
 * memory" when V8 said so on its way out. V8 cannot run any JavaScript once the heap is full;
 * it prints a `FATAL ERROR: ... JavaScript heap out of memory` line on stderr and aborts (the
 * process ends by SIGABRT), so the line, not the signal, tells an out-of-memory from any abort.
 */

/** V8's last words before an abort: the line that names the fatal error. */
const FATAL_LINE = /^(FATAL ERROR: .*|#\s*Fatal process out of memory.*)$/;
const OUT_OF_MEMORY = /out of memory/i;

/** Reads a worker's stderr as it passes and keeps the fatal-error line, should one come. */
export class FatalLineWatch {
  private partial = '';
  fatalLine: string | undefined;

  feed(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    // A line too long to be V8's is nothing to keep waiting for.
    if (this.partial.length > 4096) this.partial = '';
    for (const line of lines) {
      const fatal = FATAL_LINE.exec(line.trim());
      if (fatal) this.fatalLine = fatal[1];
    }
  }
}

export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The `FATAL ERROR: ...` line the process printed, if any. */
  fatalLine?: string;
  /** The heap limit it ran with (--max-old-space-size), for the out-of-memory wording. */
  heapLimitMb?: number;
}

export function describeExit(end: ProcessEnd): string {
  const how = end.signal ? `killed by signal ${end.signal}` : `exited with code ${end.code}`;
  if (end.fatalLine && OUT_OF_MEMORY.test(end.fatalLine)) {
    const limit = end.heapLimitMb ? `, its heap limited to ${end.heapLimitMb} MB` : '';
    return `out of memory (${end.fatalLine}${limit}; ${how})`;
  }
  if (end.fatalLine) return `${end.fatalLine} (${how})`;
  // The kernel's out-of-memory killer also sends SIGKILL: its own log (dmesg) tells it from a kill -9.
  if (end.signal === 'SIGKILL') return `${how} (by someone, or by the system when memory ran out)`;
  return how;
}
