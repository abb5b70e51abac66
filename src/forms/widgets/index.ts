/** Widgets and fields of our own that the form preview hands RJSF, by the name the compiled uiSchema uses. */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';

export const formWidgets: RegistryWidgetsType = {};
export const formFields: RegistryFieldsType = {};
