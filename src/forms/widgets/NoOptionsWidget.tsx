/**
 * A choice field (dropdown, radio buttons, checkboxes, multiple select) with no options yet
 * (uiSchema `ui:widget: 'noOptions'`, set by the compiler): shown the same way whatever its
 * type, with its label and what to do, rather than as an empty list — radio buttons and
 * checkboxes with nothing to pick would otherwise show no control at all.
 */
import { FormControl, FormHelperText, FormLabel } from '@mui/material';
import { labelValue, type WidgetProps } from '@rjsf/utils';

export const NO_OPTIONS_HINT = 'No options to choose from yet: add them in the field’s Options';

export default function NoOptionsWidget({ id, label, hideLabel, required }: WidgetProps) {
  return (
    <FormControl disabled fullWidth>
      {labelValue(
        <FormLabel id={`${id}__label`} required={required}>
          {label || undefined}
        </FormLabel>,
        hideLabel,
      )}
      <FormHelperText id={id} role="note" aria-labelledby={`${id}__label`}>
        {NO_OPTIONS_HINT}
      </FormHelperText>
    </FormControl>
  );
}
