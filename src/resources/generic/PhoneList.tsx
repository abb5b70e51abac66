/**
 * A list on a phone: one card-like row per record with its name (a link when the record has a
 * page of its own), its other columns on a second line (references by name, choices by label),
 * its status, and a menu of its actions.
 */
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { Box, Link } from '@mui/material';
import { SimpleList, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { EntitySchema } from '@model/schema-registry';
import { displayText } from './display-text';
import { StatusChip, schemaColumn } from './schema-fields';
import type { ListCells } from './GenericList';

interface PhoneListProps {
  schema: EntitySchema;
  columns: string[];
  nameColumns: string[];
  statusField?: string;
  showPath?: (id: string) => string;
  empty: ReactNode;
  cells?: ListCells;
  /** The row's actions (a menu button), drawn at the right of each row. */
  children: ReactElement;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The record's other columns as the table shows them, separated by dots, empty ones left out; references as plain names, so the line reads quietly under the name. */
const Details = ({ schema, record, sources, cells }: { schema: EntitySchema; record: RaRecord; sources: string[]; cells?: ListCells }) => (
  <>
    {sources
      .filter((c) => !isEmpty(record[c]))
      .map((c, i) => (
        <Fragment key={c}>
          {i > 0 && ' · '}
          {schemaColumn(schema, c, undefined, { link: false, render: cells?.[c] })}
        </Fragment>
      ))}
  </>
);

export const PhoneList = ({ schema, columns, nameColumns, statusField, showPath, empty, cells, children }: PhoneListProps) => {
  const name = (record: RaRecord) =>
    nameColumns
      .map((c) => displayText(schema, c, record, statusField))
      .filter(Boolean)
      .join(' ');
  const details = columns.filter((c) => c !== statusField && !nameColumns.includes(c));
  return (
    <SimpleList
      rowClick={false}
      empty={empty}
      sx={{
        '& .MuiListItem-root': { borderBottom: 1, borderColor: 'divider', pr: 1 },
        '& .MuiListItemText-root': { minWidth: 0 },
        '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' },
        '& .RaSimpleList-tertiary': { opacity: 1, ml: 1 },
      }}
      primaryText={(record: RaRecord) => (
        <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {showPath ? (
            <Link component={RouterLink} to={showPath(String(record.id))} underline="hover" color="secondary.dark">
              {name(record)}
            </Link>
          ) : (
            name(record)
          )}
        </Box>
      )}
      secondaryText={(record: RaRecord) => <Details schema={schema} record={record} sources={details} cells={cells} />}
      tertiaryText={statusField ? (record: RaRecord) => <StatusChip active={record[statusField] === true} /> : undefined}
      rightIcon={() => children}
    />
  );
};
