/**
 * The program form's rules (spec 2 §5), with the schema's wording: name required; description
 * required on add; days before editing is disabled required, whole, at least 0; documents access
 * ALL or OWN, required; at least one program head on edit. The server applies the same rules.
 * Each message is worded when the rule fails, in the language in use.
 */
import type { Validator } from 'react-admin';
import { resourceSchema } from '@model/schema-registry';
import { isBlankText } from '@model/trim-text';
import type { MessageKey } from '../../../i18n/catalogue';
import { translate } from '../../../providers/i18n-provider';

const props = resourceSchema('program').properties;
const messages = (source: string) => props[source]?.['x-messages'] ?? {};

/** A message worded when its rule fails, in the language in use. */
const say = (key: MessageKey, options?: Record<string, unknown>) => () => translate(key, options);
/**
 * The schema's own message for a rule (x-messages), in the language in use: its generated key,
 * or the schema's English where the catalogue has none.
 */
const schemaSays = (source: string, rule: string) => () =>
  translate(`schemas.program.messages.${source}.${rule}`, { _: messages(source)[rule] });

/*
 * react-admin's required, maxLength and minValue would take these messages as functions, but they
 * remember each rule by its arguments written as JSON, where every function is the same: rules of
 * the whole console with the same bounds would share one message. Hence these, the same checks.
 */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const requiredRule = (message: () => string): Validator =>
  Object.assign((value: unknown) => (isEmpty(value) ? message() : undefined), { isRequired: true });
const maxLengthRule =
  (max: number, message: () => string): Validator =>
  (value: unknown) =>
    !isEmpty(value) && String(value).length > max ? message() : undefined;
const minValueRule =
  (min: number, message: () => string): Validator =>
  (value: unknown) =>
    !isEmpty(value) && Number(value) < min ? message() : undefined;
const wholeNumber =
  (message: () => string): Validator =>
  (value: unknown) =>
    isEmpty(value) || Number.isInteger(Number(value)) ? undefined : message();
/** Only spaces or invisible characters are as empty as '' (shared/not-blank.ts). */
const notBlankText =
  (message: () => string): Validator =>
  (value: unknown) =>
    typeof value === 'string' && isBlankText(value) ? message() : undefined;

const nameRequired = schemaSays('name', 'required');
const descriptionRequired = schemaSays('description', 'required');
const NAME_MAX = props.name?.maxLength ?? 120;
const DESCRIPTION_MAX = props.description?.maxLength ?? 5000;

export const nameRules: Validator[] = [
  requiredRule(nameRequired),
  notBlankText(nameRequired),
  maxLengthRule(NAME_MAX, say('app.program.form.name_max', { max: NAME_MAX })),
];

export const descriptionRules = (adding: boolean): Validator[] => [
  ...(adding ? [requiredRule(descriptionRequired), notBlankText(descriptionRequired)] : []),
  maxLengthRule(DESCRIPTION_MAX, say('app.program.form.description_max', { max: DESCRIPTION_MAX })),
];

export const daysRules: Validator[] = [
  requiredRule(schemaSays('no_of_days_for_edit_program', 'required')),
  wholeNumber(schemaSays('no_of_days_for_edit_program', 'type')),
  minValueRule(0, schemaSays('no_of_days_for_edit_program', 'minimum')),
];

export const documentVisibleRules: Validator[] = [requiredRule(schemaSays('documentVisible', 'required'))];

export const headRules = (adding: boolean): Validator[] => (adding ? [] : [requiredRule(say('app.program.form.head_required'))]);

/** ALL or OWN, labelled as the schema labels them (react-admin translates a choice's name). */
export const DOCUMENT_ACCESS_CHOICES = ((props.documentVisible?.oneOf ?? []) as Array<{ const: string; title: string }>).map((o) => ({
  id: o.const,
  name: `schemas.program.choices.documentVisible.${o.const}`,
}));
