// @vitest-environment node
/**
 * The resource map checks itself: a broken copy of the model — one mistake of each kind a
 * person makes when adding an entity — is refused with one message that names the file, the
 * entry and the key; the real model, with the tests' fixture entities added the way the
 * docs/adding-an-entity.md recipe adds one, passes. codegen refuses a broken map the same way.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import resourcesSchema from '@schemas/resources.schema.json';
import { allSchemas, isResourceName, resourceEntries, resourceEntry, resourceMap, resourceNamed } from '@model/schema-registry';
import { assertModelValid, checkModel, ModelError, modelProblems } from '@model/resource-map';
import { assertModelChecks, type SchemaLike } from '@model/resource-map-check';
import { resourceNames, type ResourceName } from '@model/generated/resource-names';
import { MENU_ICON_NAMES } from '@model/menu-icons';
import { menuIcon, menuIcons } from '../../src/layout/menu-icons';
import { generateAll } from '../../codegen/generate';
import { FIXTURE_RESOURCES, installFixtureModel } from '../support/fixture-model';

const MAP = 'schemas/resources.json';
const schemasDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');
/** The map as committed (the imported JSON is the live map, which the fixtures extend). */
const committedMap = JSON.parse(readFileSync(path.join(schemasDir, 'resources.json'), 'utf8')) as Record<string, unknown>;
const SITE_SCHEMA = 'schemas/fixture_site.schema.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- broken copies are edited freely
type Loose = any;
interface Model {
  schemas: SchemaLike[];
  map: Loose;
}

beforeAll(() => installFixtureModel());

/** A copy of the model in use (fixtures included), with one thing broken by `change`. */
function brokenCopy(change: (model: Model, schema: (id: string) => Loose) => void): Model {
  const model: Model = { schemas: structuredClone(allSchemas) as SchemaLike[], map: structuredClone(resourceMap) };
  change(model, (id) => model.schemas.find((s) => s.$id === id));
  return model;
}

/** The message the check throws for this model (failing the test when it passes). */
function refusal(model: Model): string {
  try {
    assertModelChecks(model.schemas, model.map);
  } catch (err) {
    expect(err).toBeInstanceOf(ModelError);
    return (err as Error).message;
  }
  throw new Error('the broken model passed the check');
}

/** One mistake gives exactly one message, naming the file, the entry and the key. */
function expectOnly(model: Model, message: string) {
  expect(refusal(model)).toBe(message);
}

describe('the real model', () => {
  it('passes, with the fixture entities added at run time', () => {
    expect(FIXTURE_RESOURCES.every((name) => isResourceName(name))).toBe(true);
    expect(modelProblems()).toEqual([]);
    expect(() => assertModelValid()).not.toThrow();
  });

  it('passes as committed, without the fixtures', () => {
    const schemas = allSchemas.filter((s) => !s.$id.startsWith('fixture_'));
    expect(checkModel(schemas, committedMap)).toEqual([]);
  });

  it("keeps the user resource's id-or-object references: its routes are custom", () => {
    expect(resourceEntry('user').routes).toBe('custom');
    expect(allSchemas.find((s) => s.$id === 'user')!.properties.role!.oneOf).toBeDefined();
  });
});

describe('the map against its own schema: unknown keys are refused at every level', () => {
  const cases: Array<[string, (map: Loose) => void, string]> = [
    [
      'an entry',
      (m) => (m.designation.colour = 'red'),
      'designation: unknown key "colour" (allowed: schema, server, path, listPath, routes, label, permissions, list, form, status, recordRepresentation, menu)',
    ],
    ['label', (m) => (m.designation.label.few = 'Some'), 'designation.label: unknown key "few" (allowed: one, many)'],
    [
      'permissions',
      (m) => (m.designation.permissions.publish = 'can_edit_designation'),
      'designation.permissions: unknown key "publish" (allowed: list, show, create, edit, delete)',
    ],
    [
      'list',
      (m) => (m.designation.list.colums = ['name']),
      'designation.list: unknown key "colums" (allowed: columns, search, export, deniedMessage, sort)',
    ],
    [
      'list.sort',
      (m) => (m.designation.list.sort.direction = 'up'),
      'designation.list.sort: unknown key "direction" (allowed: field, order)',
    ],
    ['form', (m) => (m.designation.form.layout = 'grid'), 'designation.form: unknown key "layout" (allowed: fields, mode)'],
    ['menu', (m) => (m.designation.menu.colour = 'red'), 'designation.menu: unknown key "colour" (allowed: order, icon)'],
  ];
  for (const [level, change, message] of cases) {
    it(`in ${level}`, () =>
      expectOnly(
        brokenCopy(({ map }) => change(map)),
        `${MAP}: ${message}`,
      ));
  }

  it('every object in resources.schema.json closes its keys (so no level was forgotten)', () => {
    const open: string[] = [];
    const walk = (node: Loose, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}[${i}]`));
      if (!node || typeof node !== 'object') return;
      if (node.type === 'object' && node.additionalProperties === undefined) open.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
    };
    walk(resourcesSchema, '$');
    expect(open).toEqual([]);
    // The top level is keyed by resource name; each value must be a whole entry.
    expect(resourcesSchema.additionalProperties).toEqual({ $ref: '#/definitions/ResourceEntry' });
  });

  it('a missing key, a value outside its list, a wrongly typed value and a bad resource name', () => {
    expectOnly(
      brokenCopy(({ map }) => delete map.designation.path),
      `${MAP}: designation: missing key "path"`,
    );
    expectOnly(
      brokenCopy(({ map }) => (map.designation.server = 'apx')),
      `${MAP}: designation.server: "apx" is not one of "auth", "api"`,
    );
    expectOnly(
      brokenCopy(({ map }) => (map.designation.list.search = 7)),
      `${MAP}: designation.list.search: must be a string or an array`,
    );
    expectOnly(
      brokenCopy(({ map }) => (map.designation.menu.order = 'first')),
      `${MAP}: designation.menu.order: must be number`,
    );
    expect(refusal(brokenCopy(({ map }) => (map['Job Title'] = map.designation)))).toBe(
      `${MAP}: Job Title: "Job Title" is no resource name: use lower-case letters, digits, _ and - (^[a-z][a-z0-9_-]*$)`,
    );
    expectOnly(
      brokenCopy(({ map }) => (map['job-title'] = map.designation)),
      `${MAP}: job-title: "job-title" names a table (its routes are generic): use _ instead of -`,
    );
  });
});

describe('each entry against the schemas it names', () => {
  it('a permission flag that the permission schema does not have', () => {
    expectOnly(
      brokenCopy(({ map }) => (map.fixture_site.permissions.create = 'can_create_fixture_sight')),
      `${MAP}: fixture_site.permissions.create: "can_create_fixture_sight" is not a flag of schemas/permission.schema.json`,
    );
  });

  it('a schema $id that does not exist', () => {
    expectOnly(
      brokenCopy(({ map }) => (map.fixture_site.schema = 'fixture_sight')),
      `${MAP}: fixture_site.schema: "fixture_sight" names no schema (no "$id": "fixture_sight" in schemas/)`,
    );
  });

  const notAProperty = (key: string, value: string) => `${MAP}: fixture_site.${key}: "${value}" is not a property of schema "fixture_site"`;
  const cases: Array<[string, (site: Loose) => void, string]> = [
    ['list.columns', (s) => (s.list.columns = ['name', 'regoin']), notAProperty('list.columns', 'regoin')],
    ['form.fields', (s) => (s.form.fields = ['name', 'knd']), notAProperty('form.fields', 'knd')],
    ['list.search (one)', (s) => (s.list.search = 'nmae'), notAProperty('list.search', 'nmae')],
    ['list.search (several)', (s) => (s.list.search = ['name', 'cdoe']), notAProperty('list.search', 'cdoe')],
    ['list.sort.field', (s) => (s.list.sort.field = 'nme'), notAProperty('list.sort.field', 'nme')],
    ['status', (s) => (s.status = 'active'), notAProperty('status', 'active')],
    ['recordRepresentation', (s) => (s.recordRepresentation = 'title'), notAProperty('recordRepresentation', 'title')],
  ];
  for (const [key, change, message] of cases) {
    it(`a ${key} that is not a property of the schema`, () =>
      expectOnly(
        brokenCopy(({ map }) => change(map.fixture_site)),
        message,
      ));
  }

  it('a status that is not a boolean', () => {
    expectOnly(
      brokenCopy(({ map }) => (map.fixture_site.status = 'name')),
      `${MAP}: fixture_site.status: "name" is not a boolean property of schema "fixture_site" (status marks a record active or inactive)`,
    );
  });

  it('a recordRepresentation that is not text', () => {
    expectOnly(
      brokenCopy(({ map }) => (map.fixture_site.recordRepresentation = 'status')),
      `${MAP}: fixture_site.recordRepresentation: "status" is not a text property of schema "fixture_site" (recordRepresentation names a record to a person)`,
    );
  });

  it('a menu icon that is not known', () => {
    expectOnly(
      brokenCopy(({ map }) => (map.fixture_site.menu.icon = 'Factory')),
      `${MAP}: fixture_site.menu.icon: "Factory" is not a known icon (known: ${MENU_ICON_NAMES.join(', ')}; add one in model/menu-icons.ts)`,
    );
  });
});

describe('references (x-ref)', () => {
  it('one that names no resource', () => {
    expectOnly(
      brokenCopy((_, schema) => (schema('fixture_site').properties.region['x-ref'] = 'fixture_regoin')),
      `${SITE_SCHEMA}: properties.region.x-ref: "fixture_regoin" names no resource in ${MAP}`,
    );
  });

  it('the plain shape, required or optional, is accepted for a generic resource', () => {
    const optional = brokenCopy((_, schema) => (schema('fixture_site').properties.region.type = ['string', 'null']));
    expect(checkModel(optional.schemas, optional.map)).toEqual([]);
  });

  it("a generic resource's reference in the id-or-object form is refused: that form is for custom routes only", () => {
    const idOrObject = {
      title: 'Region',
      'x-ref': 'fixture_region',
      oneOf: [{ type: 'string' }, { type: 'object', required: ['_id'], properties: { _id: { type: 'string' }, name: { type: 'string' } } }],
    };
    expectOnly(
      brokenCopy((_, schema) => (schema('fixture_site').properties.region = idOrObject)),
      `${SITE_SCHEMA}: properties.region: the id-or-object "oneOf" form of a reference is only for resources with "routes": "custom"; a generic resource's reference is {"type": "string", "x-ref": "fixture_region"} (or "type": ["string", "null"] when optional)`,
    );
  });

  it('other shapes are refused, for generic and custom resources alike', () => {
    const plain = '{"type": "string", "x-ref": "fixture_region"} (or "type": ["string", "null"] when optional)';
    for (const region of [
      { type: 'object', 'x-ref': 'fixture_region' },
      { type: 'string', 'x-ref': 'fixture_region', enum: ['north'] },
      { 'x-ref': 'fixture_region' },
    ]) {
      expectOnly(
        brokenCopy((_, schema) => (schema('fixture_site').properties.region = region)),
        `${SITE_SCHEMA}: properties.region: a reference must be ${plain}`,
      );
    }
    expect(
      refusal(brokenCopy((_, schema) => (schema('user').properties.designation = { type: 'object', 'x-ref': 'designation' }))),
    ).toMatch(/^schemas\/user\.schema\.json: properties\.designation: a reference must be .*, or the id-or-object form/);
  });

  it('a list of references (the items of an array property) is accepted', () => {
    const lists = brokenCopy((_, schema) => {
      schema('fixture_site').properties.neighbours = {
        type: 'array',
        title: 'Neighbours',
        items: { type: 'string', 'x-ref': 'fixture_site' },
      };
      schema('fixture_site').properties.regions = {
        type: 'array',
        title: 'Regions',
        default: [],
        uniqueItems: true,
        items: { type: 'string', title: 'Region', 'x-ref': 'fixture_region' },
      };
    });
    expect(checkModel(lists.schemas, lists.map)).toEqual([]);
  });

  it('a list whose items are not plain ids, or name no resource, is refused', () => {
    const items = (target: string) =>
      `the items of a list of references must be {"type": "string", "x-ref": "${target}"}: the referenced records' ids`;
    for (const broken of [
      { type: ['string', 'null'], 'x-ref': 'fixture_site' },
      { type: 'string', 'x-ref': 'fixture_site', minLength: 3 },
      { type: 'object', 'x-ref': 'fixture_site' },
      { 'x-ref': 'fixture_site' },
    ]) {
      expectOnly(
        brokenCopy((_, schema) => (schema('fixture_site').properties.neighbours = { type: 'array', items: broken })),
        `${SITE_SCHEMA}: properties.neighbours.items: ${items('fixture_site')}`,
      );
    }
    expectOnly(
      brokenCopy(
        (_, schema) =>
          (schema('fixture_site').properties.neighbours = { type: 'array', items: { type: 'string', 'x-ref': 'fixture_stie' } }),
      ),
      `${SITE_SCHEMA}: properties.neighbours.items.x-ref: "fixture_stie" names no resource in ${MAP}`,
    );
    expectOnly(
      brokenCopy(
        (_, schema) =>
          (schema('fixture_site').properties.neighbours = { type: 'object', items: { type: 'string', 'x-ref': 'fixture_site' } }),
      ),
      `${SITE_SCHEMA}: properties.neighbours: a list of references is {"type": "array", "items": {"type": "string", "x-ref": "fixture_site"}}`,
    );
  });

  it('one nested deeper than a list’s items is refused', () => {
    const nested =
      'a reference is a property of the schema itself ("properties": {"<name>": {..., "x-ref": ...}}) or the items of one that is a list, not nested deeper';
    expectOnly(
      brokenCopy(
        (_, schema) =>
          (schema('fixture_site').properties.neighbours = {
            type: 'array',
            items: { type: 'object', properties: { site: { type: 'string', 'x-ref': 'fixture_site' } } },
          }),
      ),
      `${SITE_SCHEMA}: properties.neighbours.items.properties.site.x-ref: ${nested}`,
    );
    // A tuple's items are not a list of references either.
    expectOnly(
      brokenCopy(
        (_, schema) =>
          (schema('fixture_site').properties.neighbours = { type: 'array', items: [{ type: 'string', 'x-ref': 'fixture_site' }] }),
      ),
      `${SITE_SCHEMA}: properties.neighbours.items[0].x-ref: ${nested}`,
    );
  });

  it('the referenced resource must say which property names its records', () => {
    expectOnly(
      brokenCopy(({ map }) => delete map.fixture_region.recordRepresentation),
      // Named once, after the first schema that refers to it (a region names its parent region).
      `${MAP}: fixture_region.recordRepresentation: missing: schema "fixture_region" refers to "fixture_region" (properties.parent), so "fixture_region" must name the property that names one of its records`,
    );
    // Nothing refers to a site: it may leave it out.
    const unreferenced = brokenCopy(({ map }) => delete map.fixture_site.recordRepresentation);
    expect(checkModel(unreferenced.schemas, unreferenced.map)).toEqual([]);
  });
});

describe('labelled choices (oneOf of const + title)', () => {
  const kind = (choices: unknown[], type: unknown = 'string') => ({ type, title: 'Kind', oneOf: choices });
  const withKind = (k: unknown) => brokenCopy((_, schema) => (schema('fixture_site').properties.kind = k));
  const EACH = 'each choice needs both "const" (the stored value) and "title" (its label): {"const": "urban", "title": "Urban"}';

  it('a choice without its title, or without its value', () => {
    expectOnly(
      withKind(kind([{ const: 'urban', title: 'Urban' }, { const: 'rural' }])),
      `${SITE_SCHEMA}: properties.kind.oneOf[1]: ${EACH}`,
    );
    expectOnly(
      withKind(kind([{ title: 'Urban' }, { const: 'rural', title: 'Rural' }])),
      `${SITE_SCHEMA}: properties.kind.oneOf[0]: ${EACH}`,
    );
  });

  it('a value listed twice', () => {
    expectOnly(
      withKind(
        kind([
          { const: 'urban', title: 'Urban' },
          { const: 'rural', title: 'Rural' },
          { const: 'urban', title: 'Town' },
        ]),
      ),
      `${SITE_SCHEMA}: properties.kind.oneOf[2].const: "urban" is listed twice`,
    );
  });

  it('a value or a property that is not text', () => {
    expectOnly(
      withKind(
        kind([
          { const: 1, title: 'One' },
          { const: 'two', title: 'Two' },
        ]),
      ),
      `${SITE_SCHEMA}: properties.kind.oneOf[0].const: 1 is not text; a choice is stored as text`,
    );
    expectOnly(
      withKind(kind([{ const: 'a', title: 'A' }], 'integer')),
      `${SITE_SCHEMA}: properties.kind.type: a labelled choice is a text property: "type": "string" (or ["string", "null"] when optional)`,
    );
  });

  it('an optional choice is fine', () => {
    const optional = withKind(kind([{ const: 'urban', title: 'Urban' }], ['string', 'null']));
    expect(checkModel(optional.schemas, optional.map)).toEqual([]);
  });
});

describe('the message', () => {
  it('starts with the first mistake and then lists the others, one a line', () => {
    const message = refusal(
      brokenCopy(({ map }) => {
        map.fixture_site.list.columns = ['regoin'];
        map.fixture_site.menu.icon = 'Factory';
        map.fixture_region.permissions.list = 'can_list_region';
      }),
    );
    expect(message.split('\n')).toEqual([
      `${MAP}: fixture_region.permissions.list: "can_list_region" is not a flag of schemas/permission.schema.json`,
      '...and 2 more:',
      `  ${MAP}: fixture_site.menu.icon: "Factory" is not a known icon (known: ${MENU_ICON_NAMES.join(', ')}; add one in model/menu-icons.ts)`,
      `  ${MAP}: fixture_site.list.columns: "regoin" is not a property of schema "fixture_site"`,
    ]);
  });

  it('is what the live check throws when the registries in use go wrong', () => {
    const columns = resourceMap.fixture_site!.list!.columns!;
    resourceMap.fixture_site!.list!.columns = [...columns, 'regoin'];
    try {
      expect(() => assertModelValid()).toThrow(`${MAP}: fixture_site.list.columns: "regoin" is not a property of schema "fixture_site"`);
    } finally {
      resourceMap.fixture_site!.list!.columns = columns;
    }
    expect(() => assertModelValid()).not.toThrow();
  });
});

describe('codegen', { timeout: 60_000 }, () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('refuses a broken map with the same message, and writes nothing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fieldbase-map-'));
    await cp(schemasDir, dir, { recursive: true });
    const map = JSON.parse(await readFile(path.join(dir, 'resources.json'), 'utf8'));
    map.designation.permissions.delete = 'can_delete_designaton';
    await writeFile(path.join(dir, 'resources.json'), JSON.stringify(map));
    await expect(generateAll(dir)).rejects.toThrow(
      `${MAP}: designation.permissions.delete: "can_delete_designaton" is not a flag of schemas/permission.schema.json`,
    );
  });

  it('emits the ResourceName union and its runtime list from the map', async () => {
    const names = (await generateAll()).find((f) => f.file === 'resource-names.ts')!.content;
    // However Prettier lays the union out (one line, or one member a line once it is long).
    const union = /export type ResourceName =([^;]+);/.exec(names)?.[1] ?? '';
    expect(
      union
        .split('|')
        .map((member) => member.trim())
        .filter(Boolean),
    ).toEqual(Object.keys(committedMap).map((n) => `'${n}'`));
    expect(resourceNames).toEqual(Object.keys(committedMap));
  });
});

describe('resource names are checked by the compiler', () => {
  it("resourceEntry('usr') does not compile; names from outside are checked against the map in use", () => {
    // @ts-expect-error 'usr' is not a ResourceName
    expect(() => resourceEntry('usr')).toThrow('Unknown resource "usr"');
    const known: ResourceName = 'user';
    expect(resourceEntry(known).path).toBe('user');
    expect(resourceNamed('fixture_site')).toBe('fixture_site');
    expect(() => resourceNamed('usr')).toThrow('Unknown resource "usr"');
    expect(resourceEntries().map(([name]) => name)).toEqual(Object.keys(resourceMap));
  });
});

describe('menu icons', () => {
  it('every known name has its component, and an unknown one is refused rather than drawn as another', () => {
    expect(Object.keys(menuIcons).sort()).toEqual([...MENU_ICON_NAMES].sort());
    for (const name of MENU_ICON_NAMES) expect(menuIcon(name)).toBe(menuIcons[name]);
    expect(() => menuIcon('Factory')).toThrow('Unknown menu icon "Factory"');
  });
});
