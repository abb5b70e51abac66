/**
 * A choice field's options from its `option_choice` text: one per line, 'value: label' or just
 * 'value' (then the value is its own label). Blank lines are skipped, a repeated value keeps its
 * first label, so the compiled `oneOf` never lists a value twice.
 */
export interface ChoiceOption {
  value: string;
  label: string;
}

export function parseOptionChoice(text: string | undefined): ChoiceOption[] {
  const seen = new Set<string>();
  const options: ChoiceOption[] = [];
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const value = (colon < 0 ? line : line.slice(0, colon)).trim();
    const label = colon < 0 ? value : line.slice(colon + 1).trim() || value;
    if (value === '' || seen.has(value)) continue;
    seen.add(value);
    options.push({ value, label });
  }
  return options;
}

/** The `selects` map the builder stores beside `option_choice`: only lines with a colon. */
export function selectsFromOptionChoice(text: string | undefined): Record<string, string> {
  const selects: Record<string, string> = {};
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const colon = raw.indexOf(':');
    if (colon < 0) continue;
    const value = raw.slice(0, colon).trim();
    if (value !== '' && !(value in selects)) selects[value] = raw.slice(colon + 1).trim();
  }
  return selects;
}
