/**
 * The English messages the schemas and the resource map already hold, as catalogue entries
 * (react-admin's polyglot layout), so the catalogue and the map cannot drift. Codegen writes
 * them out (model/generated/catalogue.ts: the type every language's table is checked against);
 * the console derives the same from the schemas it already carries, rather than ship them twice:
 *
 *   resources.<name>.name                 the map's label, "one |||| many" (polyglot's plural)
 *   resources.<name>.fields.<property>    the property's title (react-admin's own key for a field label)
 *   schemas.<id>.fields.<property>        every schema's property titles, resources' or not
 *   schemas.<id>.choices.<property>.<value>   a labelled choice's title (oneOf of const + title)
 *   schemas.<id>.groups.<group>           a flag group's name (x-groups), by its key
 *   schemas.<id>.messages.<property>.<rule>   a validation message the schema words (x-messages)
 *   schemas.<id>.help.<property>          a hint shown under the input (x-help)
 *   resources.<name>.denied               what a role without the list flag reads, where the map words it
 */
type Json = Record<string, unknown>;
type Messages = { [key: string]: string | Messages };

/** A group's key: its name in lower case, other characters as `_` ("View lists" → view_lists). */
export const groupKey = (group: string) => group.toLowerCase().replace(/[^a-z0-9]+/g, '_');

const propertiesOf = (schema: Json) => (schema.properties ?? {}) as Record<string, Json>;

function fieldTitles(schema: Json): Messages {
  const fields: Messages = {};
  for (const [name, property] of Object.entries(propertiesOf(schema)))
    if (typeof property.title === 'string') fields[name] = property.title;
  return fields;
}

function choiceTitles(schema: Json): Messages {
  const choices: Messages = {};
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const options = (property.oneOf ?? (property.items as Json | undefined)?.oneOf) as Json[] | undefined;
    const labelled = options?.filter((o) => typeof o.const === 'string' && typeof o.title === 'string') ?? [];
    if (labelled.length) choices[name] = Object.fromEntries(labelled.map((o) => [o.const as string, o.title as string]));
  }
  return choices;
}

function validationMessages(schema: Json): Messages {
  const messages: Messages = {};
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const worded = property['x-messages'] as Record<string, string> | undefined;
    if (worded && Object.keys(worded).length) messages[name] = { ...worded };
  }
  return messages;
}

type MapEntry = { schema: string; label: { one: string; many: string }; list?: { deniedMessage?: string } };

export function catalogueOf(schemas: Json[], map: Record<string, MapEntry>) {
  const byId = new Map(schemas.map((s) => [String(s.$id), s]));
  const schemaMessages: Messages = {};
  for (const schema of schemas) {
    const entry: Messages = { fields: fieldTitles(schema) };
    const choices = choiceTitles(schema);
    if (Object.keys(choices).length) entry.choices = choices;
    const help = Object.fromEntries(
      Object.entries(propertiesOf(schema)).flatMap(([name, p]) => (typeof p['x-help'] === 'string' ? [[name, p['x-help']]] : [])),
    );
    if (Object.keys(help).length) entry.help = help;
    const messages = validationMessages(schema);
    if (Object.keys(messages).length) entry.messages = messages;
    if (Array.isArray(schema['x-groups'])) entry.groups = Object.fromEntries((schema['x-groups'] as string[]).map((g) => [groupKey(g), g]));
    schemaMessages[String(schema.$id)] = entry;
  }
  const resourceMessages: Messages = {};
  for (const [name, entry] of Object.entries(map)) {
    const schema = byId.get(entry.schema);
    resourceMessages[name] = {
      name: `${entry.label.one} |||| ${entry.label.many}`,
      fields: schema ? fieldTitles(schema) : {},
      ...(entry.list?.deniedMessage ? { denied: entry.list.deniedMessage } : {}),
    };
  }
  return { resources: resourceMessages, schemas: schemaMessages };
}
