/**
 * Realistic answers to one revision's fields, by field type (with a few field names read for
 * what they hold: a person's name, a village, a date of birth), always valid against the
 * revision: numbers within its limits, choices from its options, dates as YYYY-MM-DD, a field
 * hidden by its rule left unanswered, attachments only when one was allotted.
 */
import type { FormField } from '@model/forms/field-definition.ts';
import { parseOptionChoice } from '@model/forms/options.ts';
import { limit } from '@model/forms/type-defaults.ts';
import { FIRST_NAMES, LAST_NAMES, NOTES, type Town } from './demo-places.ts';
import type { Random } from './random.ts';

export interface AnswerContext {
  random: Random;
  town: Town;
  createdAt: Date;
  /** Ids of earlier beneficiary documents of the same program. */
  beneficiaryIds: readonly string[];
  /** A new attachment's name for an image or signature field, or undefined when this document gets none. */
  attachment(kind: 'image' | 'signature'): string | undefined;
}

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (d: Date, days: number) => new Date(d.getTime() - days * DAY);

function personName(random: Random): string {
  const first = random.pick(random.chance(0.55) ? FIRST_NAMES.female : FIRST_NAMES.male);
  return `${first} ${random.pick(LAST_NAMES)}`;
}

/** Text answers by what the field's name says it holds. */
function textAnswer(field: FormField, ctx: AnswerContext): string {
  const { random, town } = ctx;
  const name = field.field_name;
  if (/name|respondent|teacher/.test(name) && !/school|point/.test(name)) return personName(random);
  if (name === 'school_name') return `${random.pick(town.villages)} ${random.pick(['Primary School', 'P/S', 'Community School'])}`;
  if (name === 'point_name')
    return `${random.pick(town.villages)} ${random.pick(['Borehole', 'Well', 'Kiosk', 'Spring'])} ${random.int(1, 9)}`;
  if (/village|venue/.test(name)) return random.pick(town.villages);
  if (name === 'topic')
    return random.pick(['Safe water storage', 'Antenatal care', 'Savings groups', 'Malaria prevention', 'School meals']);
  if (name === 'plot_crop') return random.pick(['Maize', 'Beans', 'Cassava', 'Sorghum']);
  if (name === 'action') return random.pick(['Called the client', 'Home visit', 'Accompanied to the facility', 'Referred to a counsellor']);
  if (name === 'other_reason') return random.pick(['Eye infection', 'Lost documents', 'Injury at home']);
  return random.pick(NOTES);
}

function numberAnswer(field: FormField, random: Random): number {
  const min = limit(field.validation?.min) ?? 0;
  const max = Math.min(limit(field.validation?.max) ?? 100, min + 600);
  // Most answers sit in the lower part of the range, as counts and sizes do.
  return Math.round(min + (max - min) * random.next() ** 2);
}

function dateAnswer(field: FormField, ctx: AnswerContext): string {
  const { random, createdAt } = ctx;
  if (field.field_name === 'date_of_birth') return isoDate(daysBefore(createdAt, random.int(17 * 365, 40 * 365)));
  if (/expected|follow_up/.test(field.field_name)) return isoDate(new Date(createdAt.getTime() + random.int(7, 180) * DAY));
  return isoDate(daysBefore(createdAt, random.int(0, 3)));
}

function answerOf(field: FormField, ctx: AnswerContext): unknown {
  const { random, town } = ctx;
  switch (field.field_type) {
    case 'text':
    case 'text-area':
      return textAnswer(field, ctx);
    case 'number':
      return numberAnswer(field, random);
    case 'date':
      return dateAnswer(field, ctx);
    case 'date-time':
      return ctx.createdAt.toISOString();
    case 'phone':
      return `07${random.int(10_000_000, 99_999_999)}`;
    case 'boolean':
      return random.chance(0.7);
    case 'dropdown':
    case 'radio': {
      const options = parseOptionChoice(field.extra_details?.option_choice);
      if (field.field_name === 'district') {
        const own = options.find((o) => o.label === town.district);
        if (own) return own.value;
      }
      return options.length ? random.pick(options).value : null;
    }
    case 'checkbox':
    case 'multiple-select': {
      const options = parseOptionChoice(field.extra_details?.option_choice);
      return random.some(options, random.int(1, Math.min(3, options.length))).map((o) => o.value);
    }
    case 'geo-location':
      return {
        lat: Number((town.lat + (random.next() - 0.5) * 0.12).toFixed(6)),
        lng: Number((town.lng + (random.next() - 0.5) * 0.12).toFixed(6)),
      };
    case 'image':
      return ctx.attachment('image');
    case 'signature':
      return ctx.attachment('signature');
    case 'beneficiaries':
      return ctx.beneficiaryIds.length ? random.some(ctx.beneficiaryIds, random.int(1, Math.min(5, ctx.beneficiaryIds.length))) : undefined;
    case 'field-group': {
      const min = limit(field.validation?.min_repeater) ?? 0;
      const max = Math.min(limit(field.validation?.max_repeater) ?? 1, field.field_name === 'members' ? 8 : 3);
      const items: Record<string, unknown>[] = [];
      const count = random.int(min, max);
      for (let i = 0; i < count; i++) items.push(answersTo(field.extra_details?.fields ?? [], ctx));
      return items.length ? items : undefined;
    }
    default:
      return undefined;
  }
}

/** Whether a field's simple "is equal to" rules show it, given the answers so far. */
function shown(field: FormField, answers: Record<string, unknown>): boolean {
  const rules = field.validation?.condition_chack ? (field.validation.cond_logic ?? []) : [];
  return rules.every((rule) => rule.show !== 'is-equal-to' || String(answers[rule.field_name]) === rule.value);
}

/** Answers to these fields (a form, or one field-group item), keyed by field_name. */
export function answersTo(fields: FormField[], ctx: AnswerContext): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    if (!shown(field, answers)) continue;
    // An optional field is sometimes left blank, as in real submissions.
    if (!field.validation?.required && field.field_type !== 'image' && field.field_type !== 'signature' && ctx.random.chance(0.08))
      continue;
    const value = answerOf(field, ctx);
    if (value !== undefined) answers[field.field_name] = value;
  }
  return answers;
}
