import { problems } from '../../http/errors.ts';

/** A whole number from the query (its pattern already checked), within bounds, or a 400 naming it. */
export function bounded(value: string | undefined, fallback: number, field: string, label: string, min: number, max: number): number {
  const n = value === undefined ? fallback : Number(value);
  if (n < min || n > max) throw problems.validation({ [field]: `${label} must be between ${min} and ${max}` });
  return n;
}
