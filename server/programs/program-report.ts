/**
 * 'Access Program Reports' (spec 2 §2, the program's Overview): over the last weeks (Monday to
 * Sunday, UTC) — each goal's documents counted so far at the end of each week against its
 * target, the documents of each module and type submitted in each week, and per person on the
 * team what they submitted and how much of it is processed. Everything counts only the documents
 * the caller may read (document-scope.ts): the report tells a reader nothing the Data Explorer
 * would not.
 *
 * Totals come from the exact counters (document_counts); the weeks are counted over the
 * program's documents of the range, one grouped scan.
 */
import { sql } from 'kysely';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { visibleTo } from '../documents/document-scope.ts';
import { goalsOfProgram } from '../goals/goal-store.ts';
import { findProgram } from './program-read.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

const DAY_MS = 86_400_000;

export interface ProgramReport {
  program: { _id: string; name: string };
  /** The Monday (YYYY-MM-DD, UTC) of each week reported, oldest first; the last is this week. */
  weeks: string[];
  goals: Array<{ _id: string; name: string; document_type: string; target: number; achieved: number[] }>;
  documents: Array<{ module: DocumentModule; type_id: string; type_name: string; counts: number[]; total: number }>;
  team: Array<{ _id: string; name: string; program_head: boolean; submitted: number; processed: number }>;
}

/** The Mondays of the `count` weeks up to the one holding `now`, oldest first. */
export function reportWeeks(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: count }, (_, i) => new Date(monday - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}

async function typeNames(db: Db, module: DocumentModule, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await sql<{ id: string; name: string }>`select id, name from ${sql.table(MODULE_KINDS[module].typeResource)}
    where id = any(${ids}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function programReport(db: Db, caller: Caller, programId: string, weekCount: number, now: Date): Promise<ProgramReport> {
  const program = (await findProgram(db, programId)) as { _id: string; name: string; program_head: string[]; teams: string[] };
  const weeks = reportWeeks(now, weekCount);
  const start = new Date(`${weeks[0]}T00:00:00.000Z`);
  const weekIndex = new Map(weeks.map((w, i) => [w, i]));

  const { rows: weekly } = await sql<{ week: string; module: DocumentModule; type_id: string; n: string }>`
    select to_char(date_trunc('week', d.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, d.module, d.type_id, count(*) as n
    from documents d
    where d.program_id = ${programId} and d.created_at >= ${start} and ${visibleTo(caller, 'd')}
    group by 1, 2, 3`.execute(db);
  const { rows: totals } = await sql<{ module: DocumentModule; type_id: string; n: string }>`
    select c.module, c.type_id, sum(c.n) as n from document_counts c
    where c.program_id = ${programId} and ${visibleTo(caller, 'c')}
    group by 1, 2`.execute(db);

  // Per type: its total, and its counts per week of the range.
  const byType = new Map<string, { module: DocumentModule; total: number; counts: number[] }>();
  const entry = (module: DocumentModule, typeId: string) => {
    let found = byType.get(typeId);
    if (!found) byType.set(typeId, (found = { module, total: 0, counts: weeks.map(() => 0) }));
    return found;
  };
  for (const t of totals) entry(t.module, t.type_id).total = Number(t.n);
  for (const w of weekly) {
    const i = weekIndex.get(w.week);
    if (i !== undefined) entry(w.module, w.type_id).counts[i] += Number(w.n);
  }

  const names = new Map<string, string>();
  for (const module of new Set([...byType.values()].map((t) => t.module))) {
    const ids = [...byType].filter(([, t]) => t.module === module).map(([id]) => id);
    for (const [id, name] of await typeNames(db, module, ids)) names.set(id, name);
  }
  const documents = [...byType]
    .filter(([, t]) => t.total > 0)
    .map(([typeId, t]) => ({ module: t.module, type_id: typeId, type_name: names.get(typeId) ?? typeId, counts: t.counts, total: t.total }))
    .sort((a, b) => a.module.localeCompare(b.module) || a.type_name.localeCompare(b.type_name));

  // A goal's count at the end of each week: what came before the range, then week by week.
  const goals = (await goalsOfProgram(db, programId)).map((g) => {
    const t = byType.get(g.goal_type);
    const counts = t?.counts ?? weeks.map(() => 0);
    let running = (t?.total ?? 0) - counts.reduce((a, b) => a + b, 0);
    return {
      _id: g._id,
      name: g.name ?? g.goal_type,
      document_type: g.document_type,
      target: g.target,
      achieved: counts.map((n) => (running += n)),
    };
  });

  const heads = new Set(program.program_head);
  const people = [...program.program_head, ...program.teams.filter((id) => !heads.has(id))];
  const { rows: members } = await sql<{ id: string; name: string; submitted: string; processed: string }>`
    select u.id, trim(u.first_name || ' ' || u.last_name) as name,
      (select coalesce(sum(c.n), 0) from document_counts c
        where c.program_id = ${programId} and c.created_by = u.id and ${visibleTo(caller, 'c')}) as submitted,
      (select count(*) from documents d
        where d.program_id = ${programId} and d.created_by = u.id and d.processed_at is not null and ${visibleTo(caller, 'd')}) as processed
    from users u where u.id = any(${people}::text[])`.execute(db);
  const byId = new Map(members.map((m) => [m.id, m]));
  const team = people
    .filter((id) => byId.has(id))
    .map((id) => {
      const m = byId.get(id)!;
      return { _id: id, name: m.name, program_head: heads.has(id), submitted: Number(m.submitted), processed: Number(m.processed) };
    });

  return { program: { _id: program._id, name: program.name }, weeks, goals, documents, team };
}
