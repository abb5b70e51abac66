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

export const MANDATORY_FIELDS = ['First name', 'Last name', 'Mobile number', 'Gender', 'Date of birth', 'Photo'];
/** Flags of the schema that name a mandatory field: always on. */
const ALWAYS_ON = ['last_name', 'mobile_number', 'photo'];

const schema = resourceSchema('beneficiary_type');
const flags = schema.properties.non_mandatory_check_fields!;
const optional = booleanGroup(flags)!.filter((f) => !ALWAYS_ON.includes(f.id));

const checkGrid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export const BeneficiaryFields = () => (
  <>
    <FormControl component="fieldset" sx={{ mb: 2, width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Mandatory fields
      </FormLabel>
      <FormGroup sx={checkGrid}>
        {MANDATORY_FIELDS.map((name) => (
          <FormControlLabel key={name} label={name} control={<Checkbox checked disabled />} />
        ))}
      </FormGroup>
    </FormControl>
    <BooleanGroupInput
      source="non_mandatory_check_fields"
      label={flags.title ?? 'Optional fields'}
      choices={optional}
      alwaysOn={ALWAYS_ON}
      defaultValue={flags.default as Record<string, boolean> | undefined}
    />
  </>
);

export const beneficiaryType: ResourceScreens = {
  form: { inputs: { non_mandatory_check_fields: () => <BeneficiaryFields /> } },
};
