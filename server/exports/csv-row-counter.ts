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
    let quote = -2; // next quote at or after i; -2: not looked for yet
    const length = chunk.length;
    while (i < length) {
      if (this.inQuotes) {
        const close = chunk.indexOf(QUOTE, i);
        if (close === -1) return;
        this.inQuotes = false;
        i = close + 1;
        quote = -2;
        continue;
      }
      if (quote !== -1 && quote < i) quote = chunk.indexOf(QUOTE, i);
      const newline = chunk.indexOf(NEWLINE, i);
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
