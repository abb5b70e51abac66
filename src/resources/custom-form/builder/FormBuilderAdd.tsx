/**
 * /custom-form/add-new, 'Add New Form Group' (spec 2 §2): a new form, or a copy when Copy Form
 * brought a structure along. The first save creates the form and goes on to its edit page.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useDataProvider, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormBuilder } from './FormBuilder';
import { checkFormDefinition } from '@model/forms/definition-check';
import { copyFrom } from './copy-state';
import { saveProblem } from './save-problem';
import { useFormBuilder } from './use-form-builder';
import { useFormFlags } from './use-form-flags';
import { trimText } from '@model/trim-text';

export default function FormBuilderAdd() {
  const location = useLocation();
  const [copy] = useState(() => copyFrom(location.state));
  const model = useFormBuilder({
    name: copy ? `Copy of ${copy.name}` : '',
    structures: copy?.structures ?? [],
    programIds: copy?.programIds ?? [],
  });
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { mayCreate } = useFormFlags();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const form = { name: trimText(model.title), structures: model.structures, program_ids: model.programIds };
    const problems = checkFormDefinition(form);
    model.showProblems(problems?.fields ?? {});
    if (problems) {
      notify(problems.message, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const { data } = await dataProvider.create('custom-form', { data: { ...form, ...(copy ? { parent_id: copy.parentId } : {}) } });
      notify('Successfully added form', { type: 'success' });
      navigate(`/custom-form/edit/${encodeURIComponent(String(data.id))}`);
    } catch (error) {
      const problem = saveProblem(error);
      if (problem.fields) model.showProblems(problem.fields);
      notify(problem.fields ? (problem.serverMessage ?? 'Something went wrong') : 'Something went wrong', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <FormBuilder
      heading="Add New Form Group"
      model={model}
      actions={
        <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || !mayCreate}>
          Save Draft
        </Button>
      }
    />
  );
}
