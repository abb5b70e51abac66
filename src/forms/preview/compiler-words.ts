/**
 * The rule compiler's refusals (FormDefinitionError, model/forms/condition.ts and compile-form.ts,
 * shared with the api server, which words them in English) in the language in use. Each is
 * recognised by its wording, what it names taken from it; a message not recognised is shown as
 * it is.
 */
import type { MessageKey } from '../../i18n/catalogue';
import type { Translate } from '../../i18n/use-t';

const REFUSALS: Array<[RegExp, MessageKey, string[]]> = [
  [/^The rules of (.*) depend on themselves$/s, 'app.forms.compiler.circular', ['name']],
  [/^A rule of (.*) refers to the field itself$/s, 'app.forms.compiler.self', ['name']],
  [/^A rule of (.*?) refers to (.*), which is not in the form$/s, 'app.forms.compiler.missing', ['name', 'target']],
  [/^The pattern in a rule of (.*) is not a valid pattern$/s, 'app.forms.compiler.bad_pattern', ['name']],
  [/^The pattern in a rule of (.*) could take too long to check; simplify it$/s, 'app.forms.compiler.slow_pattern', ['name']],
  [/^A rule of (.*) has an unknown test '(.*)'$/s, 'app.forms.compiler.unknown_test', ['name', 'test']],
  [/^The field '(.*)' has no field_name$/s, 'app.forms.compiler.no_name', ['label']],
  [/^Please make unique field_name$/, 'app.forms.compiler.duplicate', []],
];

export function compilerText(message: string, t: Translate): string {
  for (const [pattern, key, names] of REFUSALS) {
    const found = pattern.exec(message);
    if (found) return t(key, Object.fromEntries(names.map((name, i) => [name, found[i + 1]])));
  }
  return message;
}
