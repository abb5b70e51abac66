/**
 * Labelled choices: a string property whose `oneOf` lists `{ const, title }` options. The
 * schema validates the value; people read the titles, so refusals name the titles too.
 */
interface ChoiceNode {
  title?: string;
  oneOf?: unknown;
}

interface ChoiceOption {
  const: unknown;
  title?: string;
}

/** The options of a labelled choice, or undefined when the property is not one. */
export function choiceOptions(property: ChoiceNode | undefined): ChoiceOption[] | undefined {
  const options = property?.oneOf;
  if (!Array.isArray(options) || !options.length) return undefined;
  return options.every((o) => o && typeof o === 'object' && 'const' in o) ? (options as ChoiceOption[]) : undefined;
}

/** "Kind must be one of Urban, Rural, Camp" */
export function choiceMessage(property: ChoiceNode, label = property.title ?? 'The value'): string {
  const titles = (choiceOptions(property) ?? []).map((o) => o.title ?? String(o.const));
  return `${label} must be one of ${titles.join(', ')}`;
}
