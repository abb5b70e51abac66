/** What the add and edit forms of a generic resource hold (dialog or page alike), and their foot. */
import { Button } from '@mui/material';
import { SaveButton, Toolbar, type ToolbarProps } from 'react-admin';
import { resourceEntry, resourceSchema } from '@model/schema-registry';
import { schemaInput } from './schema-inputs';

/** The map's `form.fields`, else every property a person writes (not read-only, not the status). */
export function formFields(resource: string): string[] {
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  return entry.form?.fields ?? Object.keys(schema.properties).filter((p) => !schema.properties[p]!.readOnly && p !== entry.status);
}

/** One input per form field, the first one focused. */
export const formInputs = (resource: string) => {
  const schema = resourceSchema(resource);
  return formFields(resource).map((f, i) => schemaInput(schema, f, { autoFocus: i === 0 }));
};

interface FormToolbarProps extends Pick<ToolbarProps, 'sx'> {
  /** 'Save' on add, 'Update' on edit. */
  label: string;
  /** Whether the role may save (the server checks again). */
  allowed: boolean;
  onCancel: () => void;
}

/** Cancel, then the save button (always enabled for those allowed, so a click shows what is missing). */
export const FormToolbar = ({ label, allowed, onCancel, sx }: FormToolbarProps) => (
  <Toolbar sx={{ justifyContent: 'flex-end', gap: 1, ...sx }}>
    <Button onClick={onCancel} color="inherit">
      Cancel
    </Button>
    <SaveButton label={label} icon={<></>} disabled={!allowed} alwaysEnable={allowed} />
  </Toolbar>
);
