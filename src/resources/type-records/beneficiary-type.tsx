/**
 * A beneficiary type's form: every beneficiary has a first name, last name, mobile number,
 * gender, date of birth and photo (spec 2 §3), shown as fixed items the type always asks for,
 * beside the optional fields a person picks.
 */
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import { resourceSchema } from '@model/schema-registry';
import { BooleanGroupInput } from '../generic/BooleanGroupInput';
import { booleanGroup } from '../generic/property-kinds';
import type { ResourceScreens } from '../resource-screens';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

export const MANDATORY_FIELDS: MessageKey[] = [
  'app.people.types.mandatory.first_name',
  'app.people.types.mandatory.last_name',
  'app.people.types.mandatory.mobile_number',
  'app.people.types.mandatory.gender',
  'app.people.types.mandatory.date_of_birth',
  'app.people.types.mandatory.photo',
];
/** Flags of the schema that name a mandatory field: always on. */
const ALWAYS_ON = ['last_name', 'mobile_number', 'photo'];

const schema = resourceSchema('beneficiary_type');
const flags = schema.properties.non_mandatory_check_fields!;

const checkGrid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export const BeneficiaryFields = () => {
  const t = useT();
  // Worded in the language in use, so read at each render.
  const optional = booleanGroup(flags)!.filter((f) => !ALWAYS_ON.includes(f.id));
  return (
    <>
      <FormControl component="fieldset" sx={{ mb: 2, width: '100%' }}>
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          {t('app.people.types.mandatory.legend')}
        </FormLabel>
        <FormGroup sx={checkGrid}>
          {MANDATORY_FIELDS.map((key) => (
            <FormControlLabel key={key} label={t(key)} control={<Checkbox checked disabled />} />
          ))}
        </FormGroup>
      </FormControl>
      <BooleanGroupInput
        source="non_mandatory_check_fields"
        label={t('schemas.beneficiary_type.fields.non_mandatory_check_fields')}
        choices={optional}
        alwaysOn={ALWAYS_ON}
        defaultValue={flags.default as Record<string, boolean> | undefined}
      />
    </>
  );
};

export const beneficiaryType: ResourceScreens = {
  form: { inputs: { non_mandatory_check_fields: () => <BeneficiaryFields /> } },
};
