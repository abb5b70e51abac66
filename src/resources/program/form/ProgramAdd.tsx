/**
 * /program/add 'Add Program' (spec 2 §2, §5, §8): the program's details, heads and image, sent as
 * one multipart POST. Saving needs can_create_program.
 */
import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { Form, useCanAccess, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n/use-t';
import { programCalls, type ProgramDetails } from '../../../providers/program-calls';
import { ProgramFormFields } from './ProgramFormFields';
import { ProgramFormFrame } from './ProgramFormFrame';
import { ProgramImagePicker } from './ProgramImagePicker';
import { addFailure } from './save-outcome';
import { detailsFrom } from './program-details';

const START = { name: '', description: '', program_head: [], no_of_days_for_edit_program: 0 };

const ProgramAdd = () => {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const { canAccess: canCreate = false, isPending } = useCanAccess({ resource: 'program', action: 'create' });
  const [photo, setPhoto] = useState<File | null>(null);

  const save = async (values: Record<string, unknown>) => {
    const details: ProgramDetails = { ...detailsFrom(values), ...(photo ? { photo } : {}) };
    try {
      await programCalls.createProgram(details);
    } catch (error) {
      const { toast, fields } = addFailure(error);
      notify(toast, { type: 'error' });
      return fields;
    }
    notify('app.program.form.added', { type: 'success' });
    navigate('/program');
  };

  return (
    <ProgramFormFrame title={t('app.program.form.add_title')} back={{ to: '/program', text: t('app.program.common.back_to_all') }}>
      <Form onSubmit={save} record={START} resource="program">
        <ProgramImagePicker file={photo} onChange={setPhoto} />
        <ProgramFormFields adding />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button color="inherit" onClick={() => navigate('/program')}>
            {t('ra.action.cancel')}
          </Button>
          {/* While the role's flags are read, Save stays: the server decides anyway. */}
          {canCreate || isPending ? (
            <Button type="submit" variant="contained">
              {t('ra.action.save')}
            </Button>
          ) : (
            <Alert severity="info">{t('app.program.access.cannot_add')}</Alert>
          )}
        </Box>
      </Form>
    </ProgramFormFrame>
  );
};

export default ProgramAdd;
