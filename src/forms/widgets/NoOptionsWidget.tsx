/**
 * A choice field (dropdown, radio buttons, checkboxes, multiple select) with no options yet
 * (uiSchema `ui:widget: 'noOptions'`, set by the compiler): shown the same way whatever its
 * type, with its label and what to do, rather than as an empty list — radio buttons and
 * checkboxes with nothing to pick would otherwise show no control at all.
 */
import { FormControl, FormHelperText, FormLabel } from '@mui/material';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { translate } from '../../providers/i18n-provider';

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
        {translate('app.forms.preview.no_options')}
      </FormHelperText>
    </FormControl>
  );
}
