/** A CSV of `rows` towns under a header, as a lookup list of that length would be (tests and benchmarks). */
export function townsCsv(rows: number): string {
  const lines = ['Town,County,Code'];
  for (let n = 1; n <= rows; n++) lines.push(`Town ${n},County ${n % 47},T${String(n).padStart(6, '0')}`);
  return lines.join('\n') + '\n';
}
