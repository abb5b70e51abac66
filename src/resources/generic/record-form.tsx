/** What the add and edit forms of a generic resource hold (dialog or page alike), and their foot. */
import { Button } from '@mui/material';
import { SaveButton, Toolbar } from 'react-admin';
import { resourceEntry, resourceSchema, type ResourceName } from '@model/schema-registry';
import { useT } from '../../i18n/use-t';

/** The map's `form.fields`, else every property a person writes (not read-only, not the status). */
export function formFields(resource: ResourceName): string[] {
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  return entry.form?.fields ?? Object.keys(schema.properties).filter((p) => !schema.properties[p]!.readOnly && p !== entry.status);
}

/**
 * The form's own padding, with no room kept at its foot for a toolbar pinned to a phone's screen
 * (see FormToolbar). Breakpoint values, to come after react-admin's own phone rule.
 */
export const formStyle = (inDialog: boolean) => (inDialog ? { p: 0, pb: { xs: 0 } } : { pb: { xs: 2 } });

interface FormToolbarProps {
  /** 'Save' on add, 'Update' on edit. */
  label: string;
  /** Whether the role may save (the server checks again). */
  allowed: boolean;
  onCancel: () => void;
  /** In a dialog: no side padding (the dialog has its own). */
  inDialog?: boolean;
}

/**
 * Cancel, then the save button (always enabled for those allowed, so a click shows what is
 * missing). react-admin pins a phone's form toolbar to the foot of the screen, over a gap it
 * leaves in the form (and outside a dialog); here it stays right under the inputs.
 */
export const FormToolbar = ({ label, allowed, onCancel, inDialog = false }: FormToolbarProps) => {
  const t = useT();
  return (
    <Toolbar
      sx={{
        justifyContent: 'flex-end',
        gap: 1,
        backgroundColor: 'transparent',
        ...(inDialog ? { px: 0 } : { borderTop: 1, borderColor: 'divider' }),
        '&.RaToolbar-mobileToolbar': { position: 'static', px: inDialog ? 0 : 2, py: 1 },
      }}
    >
      <Button onClick={onCancel} color="inherit">
        {t('app.records.form.cancel')}
      </Button>
      <SaveButton label={label} icon={<></>} disabled={!allowed} alwaysEnable={allowed} />
    </Toolbar>
  );
};
