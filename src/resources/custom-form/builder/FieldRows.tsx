/**
 * The rows themselves, read from context (see field-rows-context.ts). A long form draws only the
 * rows near the screen (VirtualList); the row being dragged, and the one holding focus, stay
 * drawn wherever they go, so a drag with the keyboard can carry a field past the screen's edge.
 */
import { useCallback } from 'react';
import { useDndContext } from '@dnd-kit/core';
import { VirtualList } from '../../../shared/VirtualList';
import { FieldRow } from './FieldRow';
import { useFieldRows } from './field-rows-context';
import { useT } from '../../../i18n/use-t';

const sameKey = (key: string) => key;

export function FieldRows() {
  const { state, targets, dispatch, askDelete } = useFieldRows();
  const { keys, openKey, fields, problems } = state;
  const dragged = useDndContext().active?.id;
  const t = useT();
  const renderRow = useCallback(
    (key: string) => (
      <FieldRow
        rowKey={key}
        entry={fields[key]!}
        open={openKey === key}
        problem={problems[key]}
        targets={openKey === key ? targets : undefined}
        dispatch={dispatch}
        onDelete={askDelete}
      />
    ),
    [fields, openKey, problems, targets, dispatch, askDelete],
  );
  return (
    <VirtualList
      as="ol"
      aria-label={t('app.forms.builder.rows.list')}
      items={keys}
      itemKey={sameKey}
      render={renderRow}
      estimateSize={52}
      gap={8}
      keepKey={dragged === undefined ? undefined : String(dragged)}
    />
  );
}
