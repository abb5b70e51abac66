// @vitest-environment node
/**
 * The preview's evaluator and ajv's validation of the compiled if/then schema agree, for random
 * definitions (text, number, boolean, choice and multi-choice fields; random required flags;
 * random rules of every operator about earlier fields, joined by random and/or) and random
 * answers (left out, null, empty, or a valid value of the field's type):
 *
 * 1. ajv accepts the document exactly when every required field the evaluator calls visible
 *    has an answer.
 * 2. For each field alone made required and left out, ajv refuses the document exactly when
 *    the evaluator calls that field visible — "a required field is demanded by ajv exactly when
 *    the evaluator says it is visible".
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONDITION_OPERATORS, type ConditionRule, type FieldType, type FormField } from '@model/forms/field-definition';
import { hasAnswer } from '@model/forms/condition';
import { visibleFields } from '@model/forms/visible-fields';
import { formValidator } from './support/form-ajv';

const TYPES = ['text', 'number', 'boolean', 'dropdown', 'multiple-select'] as const satisfies FieldType[];
const OPTIONS = 'a: Apple\nb: Banana\nab: Both';
const TEXTS = ['a', 'b', 'ab', 'ba', '07', 'x1'];
const RULE_VALUES = ['a', 'b', 'ab', '1', '0', 'true', 'false', '', '^a', 'b$', '^[0-9]+$'];

/** A valid answer of the type (or an empty one), so only visibility decides ajv's verdict. */
function answerOf(type: (typeof TYPES)[number]): fc.Arbitrary<unknown> {
  const empty = fc.constantFrom(null);
  switch (type) {
    case 'text':
      return fc.oneof(empty, fc.constant(''), fc.constantFrom(...TEXTS));
    case 'number':
      return fc.oneof(empty, fc.integer({ min: -1, max: 2 }));
    case 'boolean':
      return fc.oneof(empty, fc.boolean());
    case 'dropdown':
      return fc.oneof(empty, fc.constantFrom('a', 'b', 'ab'));
    case 'multiple-select':
      return fc.oneof(empty, fc.subarray(['a', 'b', 'ab']));
  }
}

const definition = fc
  .array(
    fc.record({
      type: fc.constantFrom(...TYPES),
      required: fc.boolean(),
      rules: fc.array(
        fc.record({
          target: fc.nat(),
          show: fc.constantFrom(...CONDITION_OPERATORS),
          value: fc.constantFrom(...RULE_VALUES),
          cond: fc.constantFrom('and' as const, 'or' as const),
        }),
        { maxLength: 4 },
      ),
    }),
    { minLength: 1, maxLength: 7 },
  )
  .map((specs): FormField[] =>
    specs.map((s, i) => {
      // Rules name earlier fields only, so a definition never has a cycle.
      const rules: ConditionRule[] =
        i === 0 ? [] : s.rules.map((r) => ({ field_name: `f${r.target % i}`, show: r.show, value: r.value, cond: r.cond }));
      return {
        field_label: `Field ${i}`,
        field_name: `f${i}`,
        field_type: s.type,
        extra_details: { option_choice: OPTIONS },
        validation: { required: s.required, condition_chack: rules.length > 0, cond_logic: rules },
      };
    }),
  );

const withAnswers = definition.chain((fields) =>
  fc.tuple(
    fc.constant(fields),
    fc.record(Object.fromEntries(fields.map((f) => [f.field_name, answerOf(f.field_type as (typeof TYPES)[number])])), {
      requiredKeys: [],
    }),
  ),
);

const params = { seed: 20261126, numRuns: 300 };
// Each run compiles a schema with ajv; on a shared, busy machine that takes seconds.
const TIMEOUT = 60_000;

describe('the evaluator and the if/then schema agree', () => {
  it(
    'ajv accepts a document exactly when every visible required field is answered',
    () => {
      fc.assert(
        fc.property(withAnswers, ([fields, answers]) => {
          const visible = visibleFields(fields, answers);
          const expected = fields.every((f) => !f.validation?.required || !visible.has(f.field_name) || hasAnswer(answers[f.field_name]));
          expect(formValidator(fields).valid(answers)).toBe(expected);
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'a required field is demanded by ajv exactly when the evaluator says it is visible',
    () => {
      fc.assert(
        fc.property(withAnswers, fc.nat(), ([fields, answers], pick) => {
          const chosen = fields[pick % fields.length]!.field_name;
          const only = fields.map((f) => ({ ...f, validation: { ...f.validation, required: f.field_name === chosen } }));
          const without = { ...answers };
          delete without[chosen];
          expect(formValidator(only).valid(without)).toBe(!visibleFields(only, without).has(chosen));
        }),
        params,
      );
    },
    TIMEOUT,
  );

  it(
    'the random definitions reach both verdicts, shown fields and hidden ones',
    () => {
      // Guards the property above against a generator that only ever produces trivial cases.
      const seen = { shown: 0, hidden: 0, refused: 0, accepted: 0 };
      fc.assert(
        fc.property(withAnswers, ([fields, answers]) => {
          const visible = visibleFields(fields, answers);
          seen.shown += visible.size;
          seen.hidden += fields.length - visible.size;
          if (formValidator(fields).valid(answers)) seen.accepted++;
          else seen.refused++;
        }),
        params,
      );
      expect(Math.min(seen.shown, seen.hidden, seen.refused, seen.accepted)).toBeGreaterThan(20);
    },
    TIMEOUT,
  );
});
