/**
 * Fields derived from the entity schema, for list columns and show pages alike: text,
 * Active/Inactive chips, DD-MM-YYYY dates, references by the referenced record's name, choices
 * by their labels.
 */
import type { ReactNode } from 'react';
import { Box, Chip, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  ChipField,
  FunctionField,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  SingleFieldList,
  TextField,
  useCanAccess,
  type RaRecord,
} from 'react-admin';
import type { EntitySchema } from '@model/schema-registry';
import { displayText } from './display-text';
import { booleanGroup, choicesOf, isLongText, plainReference, referenceList, representationOf, textList } from './property-kinds';
import { useT } from '../../i18n/use-t';
import { schemaText } from '../../i18n/schema-text';

/** Spec 2 §9: a description preview is cut at 46 characters, with '...'. */
export const PREVIEW_LENGTH = 46;

export const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}...` : text);

/** Texts as small chips, wrapping. */
export const TextChips = ({ texts }: { texts: string[] }) => (
  <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
    {texts.map((text) => (
      <Chip key={text} size="small" label={text} />
    ))}
  </Box>
);

export const StatusChip = ({ active }: { active: boolean }) => {
  const t = useT();
  return (
    <Chip
      size="small"
      label={t(active ? 'app.records.row.active' : 'app.records.row.inactive')}
      color={active ? 'secondary' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
};

/**
 * A field's label in the language in use: its schema title, else a catalogue key react-admin
 * translates (the timestamps'), else its name.
 */
export const fieldLabel = (schema: EntitySchema, source: string, fallback?: string) => {
  const title = schema.properties[source]?.title;
  return title ? schemaText(title) : (fallback ?? source);
};

interface ReferenceNameProps {
  source: string;
  reference: string;
  /** Read by the table's header (and the show page's label), not here. */
  label?: string;
  emptyText?: string;
  link?: boolean;
}

/**
 * The referenced record's name (its resource's `recordRepresentation`), linking to its page for
 * those who may open it. react-admin gathers the ids of every row into one getMany request.
 */
export const ReferenceName = ({ source, reference, emptyText, link = true }: ReferenceNameProps) => {
  const { canAccess } = useCanAccess({ resource: reference, action: 'show', enabled: link });
  return <ReferenceField source={source} reference={reference} link={link && canAccess ? 'show' : false} emptyText={emptyText} />;
};

interface FieldOptions {
  /** What an empty value shows (a show page's dash; a list cell stays blank). */
  emptyText?: string;
  /** Whether a reference links to the referenced record's page (default: yes, for those who may open it). */
  link?: boolean;
  /** How the value shows, instead of the schema's way (a resource's own wording or date format). */
  render?: (record: RaRecord) => ReactNode;
  /** A long text in full (a record's page), not its first 46 characters (a list). */
  whole?: boolean;
}

/** One field of a record. A reference column sorts by the referenced name: the server joins. */
export function schemaColumn(
  schema: EntitySchema,
  source: string,
  statusField?: string,
  { emptyText, link = true, render, whole = false }: FieldOptions = {},
) {
  const property = schema.properties[source] ?? {};
  const label = fieldLabel(schema, source);
  if (render) return <FunctionField key={source} source={source} label={label} render={render} />;
  if (source === statusField) {
    return (
      <FunctionField key={source} source={source} label={label} render={(r: RaRecord) => <StatusChip active={r[source] === true} />} />
    );
  }
  const reference = plainReference(property);
  if (reference)
    return <ReferenceName key={source} source={source} label={label} reference={reference} emptyText={emptyText} link={link} />;
  const references = referenceList(property);
  if (references) {
    const name = representationOf(references);
    return (
      <ReferenceArrayField key={source} source={source} label={label} reference={references} sortable={false} emptyText={emptyText}>
        <SingleFieldList linkType={false}>
          <ChipField source={name ?? 'id'} size="small" />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  }
  if (textList(property)) {
    return (
      <FunctionField
        key={source}
        source={source}
        label={label}
        sortable={false}
        render={(r: RaRecord) => (Array.isArray(r[source]) && r[source].length ? <TextChips texts={r[source] as string[]} /> : emptyText)}
      />
    );
  }
  const flags = booleanGroup(property);
  if (flags) {
    // The flags that are on, by their labels.
    return (
      <FunctionField
        key={source}
        source={source}
        label={label}
        sortable={false}
        render={(r: RaRecord) => {
          const value = (r[source] ?? {}) as Record<string, unknown>;
          const on = flags.filter((f) => value[f.id] === true).map((f) => f.name);
          return on.length ? <TextChips texts={on} /> : emptyText;
        }}
      />
    );
  }
  if (isLongText(property) && !whole) {
    // The start of a long text, the whole of it on hover.
    return (
      <FunctionField
        key={source}
        source={source}
        label={label}
        render={(r: RaRecord) =>
          typeof r[source] === 'string' && r[source] ? (
            <Box component="span" title={r[source] as string}>
              {preview(r[source] as string)}
            </Box>
          ) : (
            emptyText
          )
        }
      />
    );
  }
  const choices = choicesOf(property);
  if (choices) return <SelectField key={source} source={source} label={label} choices={choices} emptyText={emptyText} />;
  if (property.format === 'date-time' || property['x-ref']) {
    // A reference in the user's shape arrives as an object that carries its name.
    return (
      <FunctionField
        key={source}
        source={source}
        label={label}
        sortable={!property['x-ref']}
        render={(r: RaRecord) => displayText(schema, source, r, statusField) || emptyText}
      />
    );
  }
  return <TextField key={source} source={source} label={label} emptyText={emptyText} />;
}

/** A column whose text links to the record's own page (a user's name to their profile, a site's to its page). */
export function schemaLinkColumn(schema: EntitySchema, source: string, to: (id: string) => string) {
  const label = fieldLabel(schema, source);
  return (
    <FunctionField
      key={source}
      source={source}
      label={label}
      render={(r: RaRecord) => (
        <Link component={RouterLink} to={to(String(r.id))} underline="hover" color="secondary.dark" sx={{ fontWeight: 600 }}>
          {displayText(schema, source, r)}
        </Link>
      )}
    />
  );
}
