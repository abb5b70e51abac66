/**
 * A CSV file handed to the parser a chunk at a time, each chunk checked first, so the parser
 * never gathers a cell or a row beyond what a list may hold: a quoted cell of 20 MB is refused
 * after its first few kilobytes, and a row of a million commas after its 50th, not parsed whole
 * (the parser keeps an unfinished row and reads it again with every chunk).
 *
 * A cell's bound is in bytes, generous for the characters it stands for: a cell of
 * VIEW_LIST_MAX_CELL_CHARS characters is at most four bytes each plus its quotes (a doubled quote
 * is two bytes for one character). A row may have at most VIEW_LIST_MAX_COLUMNS cells.
 */
import { viewListFileProblem } from './file-kind.ts';
import { VIEW_LIST_MAX_CELL_CHARS, VIEW_LIST_MAX_COLUMNS } from './limits.ts';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const CHUNK = 64 * 1024;

export const MAX_CSV_CELL_BYTES = 4 * VIEW_LIST_MAX_CELL_CHARS + 2;

export class CsvRowGuard {
  private quoted = false;
  private cell = 0;
  /** Separators met in the row so far: one fewer than its cells. */
  private separators = 0;

  constructor(
    private readonly total: number,
    private readonly progress: { fraction: number },
  ) {}

  *chunks(content: Buffer): Generator<Buffer> {
    for (let at = 0; at < content.length; at += CHUNK) {
      const chunk = content.subarray(at, at + CHUNK);
      this.check(chunk);
      this.progress.fraction = Math.min(1, (at + chunk.length) / this.total);
      yield chunk;
    }
  }

  private check(chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (!this.quoted && (byte === LF || byte === CR)) {
        this.cell = 0;
        this.separators = 0;
        continue;
      } else if (!this.quoted && byte === COMMA) {
        this.cell = 0;
        if (++this.separators >= VIEW_LIST_MAX_COLUMNS)
          throw viewListFileProblem(`The sheet has more than ${VIEW_LIST_MAX_COLUMNS} columns`);
        continue;
      }
      if (++this.cell > MAX_CSV_CELL_BYTES) throw viewListFileProblem(`A cell holds more than ${VIEW_LIST_MAX_CELL_CHARS} characters`);
    }
  }
}
