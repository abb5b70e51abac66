/**
 * The demo documents, generated one by one in the order they were "submitted" (so `seq`, the
 * order of every list, follows `created_at`): spread over the last 365 days with fewer on
 * weekends and more as the programs grow, across programs, modules, types and the form
 * revision that was current on the day, submitted by the program's team and mostly processed
 * by its head.
 */
import type { DocumentModule } from '@model/documents/modules.ts';
import { answersTo } from './demo-answers.ts';
import type { AttachmentWriter } from './demo-attachments.ts';
import { ATTACHMENT_DOCUMENTS } from './demo-attachments.ts';
import type { DemoCatalogue, DemoRevision } from './demo-setup.ts';
import { TOWNS, type Town } from './demo-places.ts';
import type { Random } from './random.ts';

export interface DemoDocument {
  id: string;
  local_id: string;
  program_id: string;
  module: DocumentModule;
  type_id: string;
  form_revision_id: string;
  form_data: Record<string, unknown>;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
  processed_by: string | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR_DAYS = 365;
/** Working hours in East Africa (UTC+3), 06:00–18:00, in UTC. */
const WORK_START = 3 * HOUR;
const WORK_LENGTH = 12 * HOUR;
const BENEFICIARY_POOL = 400;

/** How many documents each of the last 365 days gets: weekdays busy, Sundays quiet, growing over the year. */
export function documentsPerDay(total: number, now: Date): Array<{ start: number; count: number }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: YEAR_DAYS }, (_, i) => {
    const start = today - (YEAR_DAYS - 1 - i) * DAY;
    const weekday = new Date(start).getUTCDay();
    const weight = (weekday === 0 ? 0.2 : weekday === 6 ? 0.45 : 1) * (0.6 + (0.8 * i) / (YEAR_DAYS - 1));
    return { start, weight };
  });
  const sum = days.reduce((s, d) => s + d.weight, 0);
  let before = 0;
  let cumulative = 0;
  return days.map((d) => {
    cumulative += d.weight;
    const upTo = Math.round((total * cumulative) / sum);
    const count = upTo - before;
    before = upTo;
    return { start: d.start, count };
  });
}

interface ProgramPlan {
  id: string;
  weight: number;
  towns: Town[];
  modules: Array<{ module: DocumentModule; weight: number; types: Array<{ id: string; form: string }> }>;
  team: string[];
  head: string;
  beneficiaries: string[];
}

function plans(catalogue: DemoCatalogue): ProgramPlan[] {
  return catalogue.programs.map(({ id, def }) => ({
    id,
    weight: def.weight,
    towns: def.towns.map((t) => TOWNS[t]!),
    modules: Object.entries(def.modules).map(([module, m]) => ({
      module: module as DocumentModule,
      weight: m.weight,
      types: m.types.map((key) => ({ id: catalogue.types.get(key)!.id, form: catalogue.types.get(key)!.form })),
    })),
    team: def.team.map((k) => catalogue.users.get(k)!.id),
    head: catalogue.users.get(def.head)!.id,
    beneficiaries: [],
  }));
}

/** Mostly the revision current on the day; some devices still send the one before. */
function revisionOn(revisions: DemoRevision[], at: Date, random: Random): DemoRevision {
  const published = revisions.filter((r) => r.created_at.getTime() <= at.getTime());
  if (published.length === 0) return revisions[0]!;
  const latest = published.length - 1;
  return published[latest > 0 && random.chance(0.15) ? latest - 1 : latest]!;
}

/** Share of documents processed, by age: a reviewer catches up within a couple of weeks. */
function processedChance(ageMs: number): number {
  if (ageMs > 14 * DAY) return 0.94;
  if (ageMs > 3 * DAY) return 0.6;
  return 0.2;
}

export function* demoDocuments(
  catalogue: DemoCatalogue,
  opts: { total: number; now: Date; random: Random; attachments: AttachmentWriter },
): Generator<DemoDocument> {
  const { random, now, attachments } = opts;
  const programs = plans(catalogue);
  const programWeights = programs.map((p) => p.weight);
  const attachmentChance = opts.total ? Math.min(1, ATTACHMENT_DOCUMENTS / opts.total) : 0;
  for (const day of documentsPerDay(opts.total, now)) {
    const times = Array.from({ length: day.count }, () =>
      Math.min(day.start + WORK_START + random.next() * WORK_LENGTH, now.getTime() - 1000),
    );
    times.sort((a, b) => a - b);
    for (const time of times) {
      const createdAt = new Date(Math.floor(time));
      const program = random.weighted(programs, programWeights);
      const module = random.weighted(
        program.modules,
        program.modules.map((m) => m.weight),
      );
      const type = random.pick(module.types);
      const revision = revisionOn(catalogue.forms.get(type.form)!.revisions, createdAt, random);
      const createdBy = random.chance(0.05) ? program.head : random.pick(program.team);
      const id = random.uuid();
      const withFiles = random.chance(attachmentChance);
      const form_data = answersTo(revision.structures, {
        random,
        town: random.pick(program.towns),
        createdAt,
        beneficiaryIds: program.beneficiaries,
        attachment: (kind) =>
          withFiles
            ? attachments.write(kind, random, {
                document_id: id,
                uploaded_by: createdBy,
                created_at: new Date(createdAt.getTime() - 60_000),
              })
            : undefined,
      });
      const age = now.getTime() - createdAt.getTime();
      const processed = random.chance(processedChance(age));
      const processedAt = processed ? new Date(createdAt.getTime() + Math.min(age - 1, HOUR + random.next() * 10 * DAY)) : null;
      if (module.module === 'beneficiaries') {
        if (program.beneficiaries.length < BENEFICIARY_POOL) program.beneficiaries.push(id);
        else program.beneficiaries[random.int(0, BENEFICIARY_POOL - 1)] = id;
      }
      yield {
        id,
        local_id: random.uuid(),
        program_id: program.id,
        module: module.module,
        type_id: type.id,
        form_revision_id: revision.id,
        form_data,
        created_by: createdBy,
        created_at: createdAt,
        updated_at: processedAt ?? createdAt,
        processed_at: processedAt,
        processed_by: processed ? program.head : null,
      };
    }
  }
}
