/** 'Columns': a menu of the results' columns, each shown or hidden with a tick (react-admin's column chooser, for this table). */
import { useState } from 'react';
import { Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useT } from '../../i18n/use-t';

export function ColumnChooser<C extends string>({
  columns,
  shown,
  onToggle,
  label,
}: {
  columns: readonly C[];
  shown: readonly C[];
  onToggle(column: C): void;
  /** A column's name in the language in use. */
  label(column: C): string;
}) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('app.documents.results.columns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((c) => {
          const on = shown.includes(c);
          return (
            <MenuItem
              key={c}
              role="menuitemcheckbox"
              aria-checked={on}
              // The last column shown stays: there would be nothing to open a document by.
              disabled={on && shown.length === 1}
              onClick={() => onToggle(c)}
              dense
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={on}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText>{label(c)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
