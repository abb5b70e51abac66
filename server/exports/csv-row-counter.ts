/**
 * Counts the rows of a CSV stream as it passes (for progress), chunk by chunk: a line end inside
 * a quoted cell (a multi-line answer) is not a row end. Native indexOf does the scanning, so a
 * chunk costs about as much as a memchr over it.
 */
const QUOTE = 0x22;
const NEWLINE = 0x0a;

export class CsvRowCounter {
  rows = 0;
  private inQuotes = false;

  feed(chunk: Buffer): void {
    let i = 0;
    // The next quote and the next line end at or after i (-2: not looked for yet, -1: none in
    // this chunk). Each is searched again only once i has passed it, so a row full of quoted
    // cells costs one pass over the chunk, not one search to the line end per cell.
    let quote = -2;
    let newline = -2;
    const length = chunk.length;
    while (i < length) {
      if (this.inQuotes) {
        const close = chunk.indexOf(QUOTE, i);
        if (close === -1) return;
        this.inQuotes = false;
        i = close + 1;
        continue;
      }
      if (quote !== -1 && quote < i) quote = chunk.indexOf(QUOTE, i);
      if (newline !== -1 && newline < i) newline = chunk.indexOf(NEWLINE, i);
      if (newline !== -1 && (quote === -1 || newline < quote)) {
        this.rows++;
        i = newline + 1;
      } else if (quote !== -1) {
        // An opening quote (or the second of a doubled one, which reopens what the first closed).
        this.inQuotes = true;
        i = quote + 1;
      } else {
        return;
      }
    }
  }
}
