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
import { copyFrom } from './copy-state';
import { checkedDraft } from './definition-words';
import { saveProblem } from './save-problem';
import { useFormBuilder } from './use-form-builder';
import { useFormFlags } from './use-form-flags';
import { trimText } from '@model/trim-text';
import { useT } from '../../../i18n/use-t';

export default function FormBuilderAdd() {
  const location = useLocation();
  const t = useT();
  const [copy] = useState(() => copyFrom(location.state));
  const model = useFormBuilder({
    name: copy ? t('app.forms.builder.copy_name', { name: copy.name }) : '',
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
    const problems = checkedDraft(form, t);
    model.showProblems(problems?.fields ?? {});
    if (problems) {
      notify(problems.notice.message, { type: 'error', messageArgs: problems.notice.args });
      return;
    }
    setSaving(true);
    try {
      const { data } = await dataProvider.create('custom-form', { data: { ...form, ...(copy ? { parent_id: copy.parentId } : {}) } });
      notify('app.forms.builder.notify.added', { type: 'success' });
      navigate(`/custom-form/edit/${encodeURIComponent(String(data.id))}`);
    } catch (error) {
      const problem = saveProblem(error);
      if (problem.fields) model.showProblems(problem.fields);
      notify(problem.fields ? (problem.serverMessage ?? 'app.forms.builder.notify.add_failed') : 'app.forms.builder.notify.add_failed', {
        type: 'error',
      });
      setSaving(false);
    }
  };

  return (
    <FormBuilder
      heading={t('app.forms.builder.headings.add')}
      model={model}
      actions={
        <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || !mayCreate}>
          {t('app.forms.builder.actions.save_draft')}
        </Button>
      }
    />
  );
}
