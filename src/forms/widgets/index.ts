/** Widgets and fields of our own that the form preview hands RJSF, by the name the compiled uiSchema uses. */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { NO_OPTIONS_WIDGET } from '@model/forms/field-schema';
import ListViewAutocomplete from './ListViewAutocomplete';
import NoOptionsWidget from './NoOptionsWidget';
import RadioWidget from './RadioWidget';

// `RadioWidget` takes the place of the theme's own (the uiSchema's 'radio' resolves to that name).
export const formWidgets: RegistryWidgetsType = { listview: ListViewAutocomplete, [NO_OPTIONS_WIDGET]: NoOptionsWidget, RadioWidget };
export const formFields: RegistryFieldsType = {};
