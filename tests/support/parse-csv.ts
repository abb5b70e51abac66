/** A CSV text as its rows of cells, read by a real CSV parser (quotes, commas and line breaks in cells kept). */
import { parseString } from '@fast-csv/parse';

export async function parseCsv(body: string): Promise<string[][]> {
  const rows: string[][] = [];
  await new Promise<void>((resolve, reject) =>
    parseString(body, { headers: false })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve()),
  );
  return rows;
}
