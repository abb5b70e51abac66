/** Widgets and fields of our own that the form preview hands RJSF, by the name the compiled uiSchema (or RJSF itself) uses. */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import ListViewAutocomplete from './ListViewAutocomplete';
import { ChoiceRadioWidget, ChoiceSelectWidget } from './ChoiceWidgets';

export const formWidgets: RegistryWidgetsType = {
  listview: ListViewAutocomplete,
  RadioWidget: ChoiceRadioWidget,
  SelectWidget: ChoiceSelectWidget,
};
export const formFields: RegistryFieldsType = {};
