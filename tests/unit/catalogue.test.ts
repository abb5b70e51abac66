// @vitest-environment node
/**
 * The console's catalogue (src/i18n/): every key the console uses exists in English, every
 * English key of its own is used, and French and Arabic have every key English has, with the
 * same placeholders. The type check already refuses a language missing a key of ours; these
 * also cover react-admin's keys and the generated ones, which are typed more loosely.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { ar } from '../../src/i18n/ar';
import { pseudoCatalogue } from '../../src/i18n/pseudo';
import { schemaEnglish } from '../../src/i18n/schema-english';
import { resourceMessages, schemaMessages } from '@model/generated/catalogue';

type Tree = { [key: string]: string | Tree };

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value as Tree, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const english = leaves(en);
const source = sourceFiles(path.resolve(__dirname, '../../src'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const usedAppKeys = new Set([...source.matchAll(/['"`](app\.[a-z0-9_.]+[a-z0-9_])['"`]/g)].map((m) => m[1]!));

describe('the catalogue', () => {
  it('derives from the schemas it carries exactly the English that codegen wrote out', () => {
    expect(schemaEnglish).toEqual({ resources: resourceMessages, schemas: schemaMessages });
  });

  it('has every app key the console uses', () => {
    expect([...usedAppKeys].filter((key) => !english.has(key))).toEqual([]);
  });

  it('has no app key the console does not use', () => {
    expect([...english.keys()].filter((key) => key.startsWith('app.') && !usedAppKeys.has(key))).toEqual([]);
  });

  it.each([
    ['French', fr],
    ['Arabic', ar],
  ])('%s has every key English has, with the same placeholders', (_name, catalogue) => {
    const translated = leaves(catalogue);
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
    // A placeholder English lacks would show as typed. Ours carry every one English has; react-admin's
    // packs may leave one out (French's "Supprimer cet élément ?" names no %{name}).
    const mismatched = [...english].filter(([key, text]) => {
      const other = translated.get(key);
      if (other === undefined) return false;
      const [mine, theirs] = [placeholders(text), placeholders(other)];
      return theirs.some((p) => !mine.includes(p)) || (key.startsWith('app.') && mine.some((p) => !theirs.includes(p)));
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('words every error code the servers answer with', () => {
    const server = sourceFiles(path.resolve(__dirname, '../../server'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const codes = new Set([
      ...[...server.matchAll(/new Problem\(\s*\d+,\s*'([A-Z_]+)'/g)].map((m) => m[1]!),
      // A document left as it was by a bulk change names its reason with a code too.
      ...[...server.matchAll(/\{ code: '([A-Z_]+)', message:/g)].map((m) => m[1]!),
    ]);
    expect(codes.size).toBeGreaterThan(70);
    expect([...codes].filter((code) => !english.has(`errors.${code}`))).toEqual([]);
    // And no word for a code nothing answers with any more.
    expect([...english.keys()].filter((key) => key.startsWith('errors.') && !codes.has(key.slice('errors.'.length)))).toEqual([]);
  });

  it('writes Arabic plurals in its six forms, so one item never reads as many', () => {
    const plurals = [...leaves(ar)].filter(([, text]) => text.includes('||||'));
    expect(plurals.length).toBeGreaterThan(10);
    expect(plurals.filter(([, text]) => text.split('||||').length !== 6).map(([key]) => key)).toEqual([]);
  });

  it('brackets every pseudo-locale text and keeps its placeholders', () => {
    const pseudo = leaves(pseudoCatalogue(en));
    for (const [key, text] of english) {
      const made = pseudo.get(key)!;
      for (const form of made.split(' |||| ')) expect(form, key).toMatch(/^\[.*\]$/s);
      expect(placeholders(made), key).toEqual(placeholders(text));
    }
    expect(pseudo.get('app.shell.logout.question')).toBe('[Áŕé ýóú Šúŕé ŵáñţ ţó ĺóĝóúţ?]');
  });
});
