/** Widgets and fields of our own that the form preview hands RJSF, by the name the compiled uiSchema uses. */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { NO_OPTIONS_WIDGET } from '@model/forms/field-schema';
import ViewListAutocomplete from './ViewListAutocomplete';
import NoOptionsWidget from './NoOptionsWidget';
import RadioWidget from './RadioWidget';
import { DateTimeWidget, DateWidget } from './DayInputWidget';

// `RadioWidget`, `DateWidget` and `DateTimeWidget` take the place of the theme's own (the uiSchema's
// 'radio', 'date' and 'datetime' resolve to those names).
export const formWidgets: RegistryWidgetsType = {
  viewList: ViewListAutocomplete,
  [NO_OPTIONS_WIDGET]: NoOptionsWidget,
  RadioWidget,
  DateWidget,
  DateTimeWidget,
};
export const formFields: RegistryFieldsType = {};
