/** The user form's inputs, from the user schema (labels, required marks, limits, messages). */
import { Grid } from '@mui/material';
import { ReferenceInput, SelectInput } from 'react-admin';
import { resourceSchema } from '@model/schema-registry';
import { schemaInput, validatorsFor } from '../generic/schema-inputs';

const schema = resourceSchema('user');

/** A reference arrives as an object ({ _id, name }) and is chosen by its id. */
const asId = (value: unknown) => (value && typeof value === 'object' ? (value as { _id?: string })._id : value);

const ReferenceSelect = ({ source, reference, optionText }: { source: 'designation' | 'role'; reference: string; optionText: string }) => (
  <ReferenceInput source={source} reference={reference} sort={{ field: optionText, order: 'ASC' }} filter={{ status: true }} perPage={-1}>
    <SelectInput
      label={schema.properties[source].title}
      optionText={optionText}
      format={asId}
      validate={validatorsFor(schema.properties[source], true)}
      fullWidth
    />
  </ReferenceInput>
);

export const UserFormFields = ({ withPassword }: { withPassword: boolean }) => {
  const input = (source: string) => schemaInput(schema, source, { required: source === 'password' ? true : undefined });
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      <Grid size={{ xs: 12, sm: 6 }}>{input('first_name')}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('last_name')}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('email')}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('mobile')}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{input('employeeId')}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceSelect source="designation" reference="designation" optionText="name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceSelect source="role" reference="role" optionText="role" />
      </Grid>
      {withPassword && <Grid size={{ xs: 12, sm: 6 }}>{input('password')}</Grid>}
    </Grid>
  );
};
