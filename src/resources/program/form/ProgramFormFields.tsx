/** The add and edit form's inputs (spec 2 §2, §5): name, description, heads, editing days, documents access. */
import { Grid } from '@mui/material';
import { NumberInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { HeadPicker } from './HeadPicker';
import { DOCUMENT_ACCESS_CHOICES, daysRules, descriptionRules, documentVisibleRules, headRules, nameRules } from './program-form-rules';

/** What a role bound by the editing window reads under the days it may not change (the server refuses it too). */
export const DAYS_FIXED_HINT = 'Only a role allowed to edit at any time can change this.';
const DAYS_HELP =
  'Days after creation during which the program can be changed; 0 closes editing at once. Roles allowed to edit at any time are not limited.';

/** `daysFixed`: the role is bound by the editing window, so it may not stretch it from inside. */
export const ProgramFormFields = ({ adding, daysFixed = false }: { adding: boolean; daysFixed?: boolean }) => (
  <Grid container columnSpacing={2} sx={{ width: '100%' }}>
    <Grid size={12}>
      <TextInput source="name" label="Program name" validate={nameRules} fullWidth />
    </Grid>
    <Grid size={12}>
      <TextInput source="description" label="Description" validate={descriptionRules(adding)} multiline minRows={3} fullWidth />
    </Grid>
    <Grid size={12}>
      <HeadPicker validate={headRules(adding)} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <NumberInput
        source="no_of_days_for_edit_program"
        label="Days before editing is disabled"
        validate={daysRules}
        step={1}
        min={0}
        fullWidth
        readOnly={daysFixed}
        helperText={daysFixed ? DAYS_FIXED_HINT : DAYS_HELP}
      />
    </Grid>
    <Grid size={12}>
      <RadioButtonGroupInput
        source="documentVisible"
        label="Documents access permission"
        choices={DOCUMENT_ACCESS_CHOICES}
        validate={documentVisibleRules}
      />
    </Grid>
  </Grid>
);
