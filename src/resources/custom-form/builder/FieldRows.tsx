/** The rows themselves, read from context (see field-rows-context.ts); each row is memoised on its own props. */
import type { CSSProperties } from 'react';
import { Stack } from '@mui/material';
import { FieldRow } from './FieldRow';
import { useFieldRows } from './field-rows-context';

/** Rows out of view skip layout and paint (a long form is mostly out of view), sized as last shown. */
const ROW_STYLE: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 52px' };

export function FieldRows() {
  const { state, targets, dispatch, askDelete } = useFieldRows();
  const { keys, fields, openKey, problems } = state;
  return (
    <Stack spacing={1} component="ol" aria-label="Fields" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {keys.map((key) => (
        <li key={key} style={ROW_STYLE}>
          <FieldRow
            rowKey={key}
            entry={fields[key]!}
            open={openKey === key}
            problem={problems[key]}
            targets={openKey === key ? targets : undefined}
            dispatch={dispatch}
            onDelete={askDelete}
          />
        </li>
      ))}
    </Stack>
  );
}
