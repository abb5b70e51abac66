/** The user form's inputs, from the user schema (labels, required marks, limits, messages). */
import { Grid } from '@mui/material';
import { ReferenceInput, SelectInput } from 'react-admin';
import { resourceSchema } from '@model/schema-registry';
import { schemaInput, validatorsFor } from '../generic/schema-inputs';
import { useT } from '../../i18n/use-t';

const schema = resourceSchema('user');

/** A reference arrives as an object ({ _id, name }) and is chosen by its id. */
const asId = (value: unknown) => (value && typeof value === 'object' ? (value as { _id?: string })._id : value);

const ReferenceSelect = ({ source, reference, optionText }: { source: 'designation' | 'role'; reference: string; optionText: string }) => {
  const t = useT();
  return (
    <ReferenceInput source={source} reference={reference} sort={{ field: optionText, order: 'ASC' }} filter={{ status: true }} perPage={-1}>
      <SelectInput
        label={t(`schemas.user.fields.${source}`)}
        optionText={optionText}
        format={asId}
        validate={validatorsFor(schema.properties[source], true)}
        fullWidth
      />
    </ReferenceInput>
  );
};

/** The inputs the schema words, before the two choices; the password (on add only) comes after them. */
const TEXT_INPUTS = ['first_name', 'last_name', 'email', 'mobile', 'employeeId'];
const PASSWORD = 'password';

export const UserFormFields = ({ withPassword }: { withPassword: boolean }) => {
  const input = (source: string) => schemaInput(schema, source, { required: source === PASSWORD ? true : undefined });
  return (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
      {TEXT_INPUTS.map((source) => (
        <Grid key={source} size={{ xs: 12, sm: 6 }}>
          {input(source)}
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceSelect source="designation" reference="designation" optionText="name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ReferenceSelect source="role" reference="role" optionText="role" />
      </Grid>
      {withPassword && <Grid size={{ xs: 12, sm: 6 }}>{input(PASSWORD)}</Grid>}
    </Grid>
  );
};
