/** The builder's state: the title, the field list (one reducer), and what is derived from them for the rows, preview and save. */
import { useCallback, useMemo, useReducer, useState } from 'react';
import type { FormField } from '@model/forms/field-definition';
import { builderReducer, loadedState, structuresOf } from './builder-state';
import { startHistory, withHistory } from './builder-history';
import { ruleTargetsOf } from './rule-targets';

export interface BuilderStart {
  name: string;
  structures: FormField[];
  /** The programs the form is linked to. */
  programIds?: string[];
}

const historyReducer = withHistory(builderReducer);

export function useFormBuilder(start: BuilderStart) {
  const [history, dispatch] = useReducer(historyReducer, start.structures, (fields: FormField[]) => startHistory(loadedState(fields)));
  const state = history.present;
  const [title, setTitle] = useState(start.name);
  const [titleProblem, setTitleProblem] = useState<string | null>(null);
  const [programIds, setProgramIds] = useState<string[]>(start.programIds ?? []);
  const { keys, fields } = state;
  const structures = useMemo(() => structuresOf({ keys, fields }), [keys, fields]);
  const targets = useMemo(() => ruleTargetsOf(structures), [structures]);

  const changeTitle = useCallback((text: string) => {
    setTitle(text);
    setTitleProblem(null);
  }, []);

  /** Shows problems keyed as the server keys them: `name` on the title, the rest on their rows. */
  const showProblems = useCallback((problems: Record<string, string>) => {
    setTitleProblem(problems.name ?? null);
    dispatch({ type: 'problems', fields: problems });
  }, []);

  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;

  return {
    state,
    dispatch,
    title,
    changeTitle,
    titleProblem,
    structures,
    targets,
    showProblems,
    undo,
    redo,
    canUndo,
    canRedo,
    programIds,
    setProgramIds,
  };
}

export type FormBuilderModel = ReturnType<typeof useFormBuilder>;
