/** Widgets and fields of our own that the form preview hands RJSF, by the name the compiled uiSchema uses. */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import ListViewAutocomplete from './ListViewAutocomplete';

export const formWidgets: RegistryWidgetsType = { listview: ListViewAutocomplete };
export const formFields: RegistryFieldsType = {};
