/**
 * The rows' data, handed down by context rather than through dnd-kit's DndContext: DndContext
 * gives every draggable a fresh value each time it renders, so it must not render again on a
 * keystroke — only the rows' list reads the changing state (see SortableFields).
 */
import { createContext, useContext, type Dispatch } from 'react';
import type { BuilderAction, BuilderState } from './builder-state';
import type { RuleTarget } from './rule-targets';

export interface FieldRowsValue {
  state: BuilderState;
  targets: RuleTarget[];
  dispatch: Dispatch<BuilderAction>;
  askDelete: (key: string) => void;
}

export const FieldRowsContext = createContext<FieldRowsValue | null>(null);

export function useFieldRows(): FieldRowsValue {
  const value = useContext(FieldRowsContext);
  if (!value) throw new Error('useFieldRows outside FieldRowsContext');
  return value;
}
