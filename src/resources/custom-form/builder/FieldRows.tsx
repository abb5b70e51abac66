/**
 * The rows themselves, read from context (see field-rows-context.ts). A 500-field form would
 * otherwise reconcile 500 rows on every keystroke even though each is memoised; the rows go in
 * memoised chunks of 25 instead, and a chunk renders again only when one of its own rows changed.
 */
import { memo, useMemo, type CSSProperties, type Dispatch } from 'react';
import { Box } from '@mui/material';
import type { BuilderAction, BuilderState } from './builder-state';
import { FieldRow } from './FieldRow';
import { useFieldRows } from './field-rows-context';
import type { RuleTarget } from './rule-targets';

/** Rows out of view skip layout and paint (a long form is mostly out of view), sized as last shown. */
const ROW_STYLE: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 52px' };
const CHUNK = 25;

interface RowChunkProps {
  keys: string[];
  state: Pick<BuilderState, 'fields' | 'problems'>;
  /** The open row's key when it is in this chunk, else null. */
  openKey: string | null;
  targets?: RuleTarget[];
  dispatch: Dispatch<BuilderAction>;
  askDelete: (key: string) => void;
}

const sameRows = (a: RowChunkProps, b: RowChunkProps) =>
  a.keys === b.keys &&
  a.openKey === b.openKey &&
  a.targets === b.targets &&
  a.dispatch === b.dispatch &&
  a.askDelete === b.askDelete &&
  a.keys.every((key) => a.state.fields[key] === b.state.fields[key] && a.state.problems[key] === b.state.problems[key]);

const RowChunk = memo(function RowChunk({ keys, state, openKey, targets, dispatch, askDelete }: RowChunkProps) {
  return keys.map((key) => (
    <li key={key} style={ROW_STYLE}>
      <FieldRow
        rowKey={key}
        entry={state.fields[key]!}
        open={openKey === key}
        problem={state.problems[key]}
        targets={openKey === key ? targets : undefined}
        dispatch={dispatch}
        onDelete={askDelete}
      />
    </li>
  ));
}, sameRows);

export function FieldRows() {
  const { state, targets, dispatch, askDelete } = useFieldRows();
  const { keys, openKey } = state;
  const chunks = useMemo(
    () => Array.from({ length: Math.ceil(keys.length / CHUNK) }, (_, i) => keys.slice(i * CHUNK, (i + 1) * CHUNK)),
    [keys],
  );
  return (
    // A block list, not a flex column: one row's change then lays out that row, not all 500 again.
    <Box component="ol" aria-label="Fields" sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { mt: 1 } }}>
      {chunks.map((chunk) => {
        const open = openKey !== null && chunk.includes(openKey) ? openKey : null;
        return (
          <RowChunk
            key={chunk[0]}
            keys={chunk}
            state={state}
            openKey={open}
            targets={open ? targets : undefined}
            dispatch={dispatch}
            askDelete={askDelete}
          />
        );
      })}
    </Box>
  );
}
