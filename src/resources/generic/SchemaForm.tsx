/**
 * The form of a record (add or edit, in a dialog, a page or a drawer): the schema's inputs with
 * the resource's overrides, saved by the controller around it (CreateBase, EditBase) or, where
 * the resource says so, by its own save. Either way the same callbacks hear of the result, and
 * the server's per-field messages land on the inputs.
 */
import type { ReactElement } from 'react';
import { HttpError, SimpleForm, type RaRecord, type SimpleFormProps } from 'react-admin';
import type { ResourceName } from '@model/schema-registry';
import { formInputsWith, useFormOverrides } from './form-overrides';

export interface SchemaFormProps {
  resource: ResourceName;
  toolbar: ReactElement;
  sx?: SimpleFormProps['sx'];
  /** Called after the resource's own save (the controller's mutationOptions hear of the others). */
  onSaved?: (record: RaRecord) => void;
  onFailed?: (error: Error) => void;
}

export const SchemaForm = ({ resource, toolbar, sx, onSaved, onFailed }: SchemaFormProps) => {
  const overrides = useFormOverrides(resource);
  const { save } = overrides;
  const onSubmit = save
    ? async (values: Record<string, unknown>) => {
        try {
          onSaved?.(await save(values));
          return undefined;
        } catch (error) {
          onFailed?.(error as Error);
          // The server's per-field messages, shown on the inputs.
          return error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
        }
      }
    : undefined;
  return (
    <SimpleForm sx={sx} toolbar={toolbar} onSubmit={onSubmit}>
      {formInputsWith(resource, overrides)}
    </SimpleForm>
  );
};
