/** The builder's state: the title, the field list (one reducer), and what is derived from them for the rows, preview and save. */
import { useCallback, useMemo, useReducer, useState } from 'react';
import type { FormField } from '@model/forms/field-definition';
import { builderReducer, loadedState, structuresOf } from './builder-state';
import { ruleTargetsOf } from './rule-targets';

export interface BuilderStart {
  name: string;
  structures: FormField[];
}

export function useFormBuilder(start: BuilderStart) {
  const [state, dispatch] = useReducer(builderReducer, start.structures, loadedState);
  const [title, setTitle] = useState(start.name);
  const [titleProblem, setTitleProblem] = useState<string | null>(null);
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

  return { state, dispatch, title, changeTitle, titleProblem, structures, targets, showProblems };
}

export type FormBuilderModel = ReturnType<typeof useFormBuilder>;
