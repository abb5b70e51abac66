/** How an answer's bytes split among its fields: each top-level field, and the fields of object-valued ones (role.permission). */
export function answerShares(rows: Array<Record<string, unknown>>): Array<{ field: string; bytes: number; share: number }> {
  const total = Buffer.byteLength(JSON.stringify(rows));
  const bytes = new Map<string, number>();
  const add = (field: string, n: number) => bytes.set(field, (bytes.get(field) ?? 0) + n);
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      // "key":value, as JSON.stringify writes it inside the row.
      add(key, Buffer.byteLength(JSON.stringify(key)) + 2 + Buffer.byteLength(JSON.stringify(value) ?? ''));
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [inner, v] of Object.entries(value))
          add(`${key}.${inner}`, Buffer.byteLength(JSON.stringify(inner)) + 2 + Buffer.byteLength(JSON.stringify(v) ?? ''));
      }
    }
  }
  return [...bytes.entries()].map(([field, n]) => ({ field, bytes: n, share: n / total })).sort((a, b) => b.bytes - a.bytes);
}
