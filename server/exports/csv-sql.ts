/**
 * CSV cells made in SQL, for exports that COPY straight to the file (no row passes through
 * JavaScript): cells a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * return) get a leading apostrophe, and instants are written as ISO UTC.
 */
import pg from 'pg';
import { FORMULA_START_CHARACTERS } from '@model/csv.ts';

const FORMULA_START = `(${FORMULA_START_CHARACTERS.map((c) => pg.escapeLiteral(c)).join(', ')})`;

/** SQL: the text `column` defused (evaluated once: the CASE reads the lateral column). */
export const defused = (column: string) => `case when left(${column}, 1) in ${FORMULA_START} then '''' || ${column} else ${column} end`;

export const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
