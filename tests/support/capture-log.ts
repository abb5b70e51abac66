/** Collects what a Fastify app logs from now on, at `level` and above, as JSON lines. */
import type { FastifyInstance } from 'fastify';

export function captureLog(app: FastifyInstance, level = 'info'): string[] {
  const lines: string[] = [];
  // pino keeps its destination under a symbol; request loggers are children that inherit it.
  const log = app.log as unknown as Record<symbol, unknown> & { level: string };
  let holder: object | null = log;
  let streamKey: symbol | undefined;
  while (holder && !streamKey) {
    streamKey = Object.getOwnPropertySymbols(holder).find((s) => s.description === 'pino.stream');
    holder = Object.getPrototypeOf(holder);
  }
  if (!streamKey) throw new Error('captureLog: this logger has no pino stream');
  log[streamKey] = { write: (line: string) => void lines.push(line) };
  log.level = level;
  return lines;
}
