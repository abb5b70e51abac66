/**
 * The SQL of an audit log export: the rows of the list as it was filtered, newest first as the
 * list shows them, each change one line with its fields' before and after as JSON. COPY takes no
 * bind parameters, so the list's own filter is compiled and its values written in as literals.
 */
import type { Db } from '../db/database.ts';
import { inlineParameters } from '../db/inline-parameters.ts';
import { defused, isoTime } from '../exports/csv-sql.ts';
import { auditConditions, filterOf, type AuditFilterQuery } from './audit-filter.ts';
import { sql } from 'kysely';

export interface AuditExportSpec {
  id: string;
  kind: 'audit';
  filter: AuditFilterQuery;
}

export const AUDIT_EXPORT_HEADER = [
  'Seq',
  'When (UTC)',
  'Actor',
  'Actor role',
  'Client',
  'Address',
  'Action',
  'Resource',
  'Record',
  'Revision',
  'Program',
  'Changes',
];

/** The filter's condition as SQL text with its values written in. */
const whereOf = (db: Db, filter: AuditFilterQuery) => inlineParameters(auditConditions(filterOf(filter)).compile(db));

/** The SELECT that COPY streams (the program by its name, read when the export runs). */
export function auditExportSelect(db: Db, filter: AuditFilterQuery): string {
  const cells = [
    'c.seq',
    isoTime('c.at'),
    defused('c.actor_email'),
    defused('c.actor_role'),
    'c.client',
    defused('c.address'),
    defused('c.action'),
    defused('c.resource'),
    defused('c.record_id'),
    'c.revision',
    defused('coalesce((select p.name from programs p where p.id = c.program_id), c.program_id)'),
    'c.fields::text',
  ];
  return `select ${cells.join(', ')} from changes c where ${whereOf(db, filter)} order by c.seq desc`;
}

/** How many rows the export will write (counted when it is asked for: the log only grows). */
export async function auditExportRows(db: Db, filter: AuditFilterQuery): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from changes where ${auditConditions(filterOf(filter))}`.execute(db);
  return Number(rows[0]!.n);
}
