/** The add and edit form's inputs (spec 2 §2, §5): name, description, heads, editing days, documents access. */
import { Grid } from '@mui/material';
import { NumberInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { useT } from '../../../i18n/use-t';
import { HeadPicker } from './HeadPicker';
import { DOCUMENT_ACCESS_CHOICES, daysRules, descriptionRules, documentVisibleRules, headRules, nameRules } from './program-form-rules';

/** `daysFixed`: the role is bound by the editing window, so it may not stretch it from inside. */
export const ProgramFormFields = ({ adding, daysFixed = false }: { adding: boolean; daysFixed?: boolean }) => {
  const t = useT();
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <Grid size={12}>
        <TextInput source="name" label={t('resources.program.fields.name')} validate={nameRules} fullWidth />
      </Grid>
      <Grid size={12}>
        <TextInput
          source="description"
          label={t('resources.program.fields.description')}
          validate={descriptionRules(adding)}
          multiline
          minRows={3}
          fullWidth
        />
      </Grid>
      <Grid size={12}>
        <HeadPicker validate={headRules(adding)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberInput
          source="no_of_days_for_edit_program"
          label={t('resources.program.fields.no_of_days_for_edit_program')}
          validate={daysRules}
          step={1}
          min={0}
          fullWidth
          readOnly={daysFixed}
          helperText={
            // A role bound by the editing window reads why it may not change the days (the server refuses it too).
            daysFixed ? t('app.program.form.days_fixed') : t('app.program.form.days_help')
          }
        />
      </Grid>
      <Grid size={12}>
        <RadioButtonGroupInput
          source="documentVisible"
          label={t('resources.program.fields.documentVisible')}
          choices={DOCUMENT_ACCESS_CHOICES}
          validate={documentVisibleRules}
        />
      </Grid>
    </Grid>
  );
};
