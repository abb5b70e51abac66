/**
 * /program/edit/{id} (spec 2 §2, §4, §8): the add form's fields filled from the program, a
 * program head required. Update shows only while a change would be accepted — the role has
 * can_edit_program, the program is unlocked and its editing window open; otherwise one line
 * says why. Only the fields changed are sent.
 */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { Form, useGetOne, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { programCalls, type ProgramRecord } from '../../../providers/program-calls';
import { useProgramAccess } from '../program-access';
import { editBlockedReason } from '../shared/edit-blocked';
import { ProgramFormFields } from './ProgramFormFields';
import { ProgramFormFrame } from './ProgramFormFrame';
import { ProgramImagePicker } from './ProgramImagePicker';
import { updateFailure } from './save-outcome';
import { changedDetails, detailsFrom } from './program-details';

const ProgramEdit = () => {
  const { id = '' } = useParams();
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const { data: program, isPending, error } = useGetOne<ProgramRecord>('program', { id });
  const access = useProgramAccess(program);
  const [photo, setPhoto] = useState<File | null>(null);
  const back = {
    to: `/program/${id}`,
    text: program?.name ? t('app.program.form.back_to_name', { name: program.name }) : t('app.program.common.back_to_program'),
  };

  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label={t('app.program.form.loading')} />;
  if (error || !program)
    return (
      <ProgramFormFrame title={t('app.program.form.edit_title')} back={{ to: '/program', text: t('app.program.common.back_to_all') }}>
        <Alert severity="error">{(error as Error)?.message ?? t('app.program.common.not_found')}</Alert>
      </ProgramFormFrame>
    );

  const before = detailsFrom(program);
  const blocked = editBlockedReason(t, access, program);

  const save = async (values: Record<string, unknown>) => {
    const changes = { ...changedDetails(detailsFrom(values), before), ...(photo ? { photo } : {}) };
    try {
      if (Object.keys(changes).length) await programCalls.updateProgram(id, changes);
    } catch (err) {
      const { toast, fields } = updateFailure(err);
      notify(toast, { type: 'error' });
      return fields;
    }
    notify('app.program.form.updated', { type: 'success' });
    navigate(`/program/${id}`);
  };

  return (
    <ProgramFormFrame title={t('app.program.form.edit_title')} back={back}>
      <Form onSubmit={save} record={{ ...program, ...before }} resource="program">
        <ProgramImagePicker name={program.name} currentPhoto={program.photo} file={photo} onChange={setPhoto} />
        <ProgramFormFields adding={false} daysFixed={!access.can('edit_document_after_no_of_days')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button color="inherit" onClick={() => navigate(`/program/${id}`)}>
            {t('ra.action.cancel')}
          </Button>
          {blocked ? (
            <Alert severity="info">{blocked}</Alert>
          ) : (
            <Button type="submit" variant="contained">
              {t('ra.action.update')}
            </Button>
          )}
        </Box>
      </Form>
    </ProgramFormFrame>
  );
};

export default ProgramEdit;
