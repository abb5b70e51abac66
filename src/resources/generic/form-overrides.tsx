/**
 * Where a resource's add and edit form differs from what its schema gives (a checklist shown
 * only when asked for, an upload): the resource's folder names the differences, the registry
 * hands them to react-admin as the resource's `options.form`, and every generic form (dialog,
 * page, drawer) reads them here. Everything not named stays the schema's.
 */
import type { ReactElement, ReactNode } from 'react';
import { useResourceDefinition, type RaRecord } from 'react-admin';
import { resourceSchema, type ResourceName } from '@model/schema-registry';
import { formFields } from './record-form';
import { schemaInput } from './schema-inputs';

export interface FormOverrides {
  /** The fields in their order, when not the map's (e.g. an upload the schema marks read-only). */
  fields?: string[];
  /** A field's input in place of the schema's, given the schema's own (to wrap or replace). */
  inputs?: Partial<Record<string, (schemaMade: ReactElement) => ReactNode>>;
  /**
   * Saves the form's values instead of the data provider (e.g. multipart); answers the saved
   * record. On edit the values carry the record's `id`.
   */
  save?: (values: Record<string, unknown>) => Promise<RaRecord>;
}

export interface ResourceOptionsWithForm {
  label?: string;
  form?: FormOverrides;
}

export function useFormOverrides(resource: ResourceName): FormOverrides {
  return useResourceDefinition<ResourceOptionsWithForm>({ resource }).options?.form ?? {};
}

/** One input per form field, the first one focused, with the resource's overrides applied. */
export function formInputsWith(resource: ResourceName, overrides: FormOverrides): ReactNode[] {
  const schema = resourceSchema(resource);
  return (overrides.fields ?? formFields(resource)).map((field, i) => {
    const made = schemaInput(schema, field, { autoFocus: i === 0 });
    const override = overrides.inputs?.[field];
    return override ? <OverrideSlot key={field}>{override(made)}</OverrideSlot> : made;
  });
}

const OverrideSlot = ({ children }: { children: ReactNode }) => <>{children}</>;
