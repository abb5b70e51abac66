/**
 * Per-row actions: edit; active rows offer Deactivate; inactive rows offer Activate and Delete
 * (spec 1 §4), each behind its confirmation. Buttons follow the role's flags; the server decides.
 * On a wide screen they are buttons on the row; on a phone, a menu behind the row's ⋮ button.
 */
import { useState, type ComponentType } from 'react';
import { Box, Button, DialogContentText, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Confirm,
  useCanAccess,
  useDelete,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { confirmQuestion, doneMessage, statusAction, type StatusAction } from './status-wording';
import { useT } from '../../i18n/use-t';
import { resourceLabel } from './resource-label';

export type RowActionsVariant = 'buttons' | 'menu';

/** A resource's extra row action (e.g. a role's Permissions), drawn as a button or as a menu item. */
export interface RowExtraProps {
  variant: RowActionsVariant;
}

/** Flips a record's status with a call of its own; answers the record as it now is. */
export type StatusToggle = (id: string) => Promise<RaRecord>;

interface RowActionsProps {
  onEdit: (id: string) => void;
  extras?: ComponentType<RowExtraProps>;
  variant?: RowActionsVariant;
  toggleStatus?: StatusToggle;
  deleteWarning?: string;
  /** The column's header, read by the datagrid and its column chooser (not by this component). */
  label?: string;
}

export const RowActions = ({ onEdit, extras: Extras, variant = 'buttons', toggleStatus, deleteWarning }: RowActionsProps) => {
  const record = useRecordContext();
  const resource = resourceNamed(useResourceContext()!);
  const entry = resourceEntry(resource);
  const statusField = entry.status;
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource, action: 'delete' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const [pending, setPending] = useState<StatusAction | null>(null);
  const [toggling, setToggling] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const representation = useGetRecordRepresentation(resource);
  const t = useT();
  if (!record) return null;
  const name = String(representation(record) ?? '');
  const active = statusField ? record[statusField] === true : true;
  const { one: label, oneLower } = resourceLabel(t, resource);
  const onError = (error: unknown) => notify((error as Error).message, { type: 'error' });

  const run = () => {
    const action = pending!;
    const onSuccess = () => {
      notify(doneMessage(label, action), { type: 'success' });
      setPending(null);
      refresh();
    };
    if (action === 'delete') {
      remove(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', onSuccess, onError });
    } else if (toggleStatus) {
      setToggling(true);
      toggleStatus(String(record.id))
        .then((now) => {
          // A toggle flips whatever the status is by then: if someone flipped it first, this one flipped it back.
          if ((now[statusField!] === true) === (action === 'activate')) onSuccess();
          else {
            notify('app.records.row.crossed', {
              type: 'warning',
              messageArgs: { name: oneLower, status: t(now[statusField!] ? 'app.records.row.active' : 'app.records.row.inactive') },
            });
            setPending(null);
            refresh();
          }
        }, onError)
        .finally(() => setToggling(false));
    } else {
      update(
        resource,
        { id: record.id, data: { [statusField!]: action === 'activate' }, previousData: record },
        { mutationMode: 'pessimistic', onSuccess, onError },
      );
    }
  };

  // What the row offers, in order; `allowed` follows the role's flags.
  const actions: Array<{ key: StatusAction | 'edit'; text: string; allowed: boolean; run: () => void }> = [
    { key: 'edit', text: t('app.records.row.edit'), allowed: canEdit, run: () => onEdit(String(record.id)) },
    ...(statusField && active
      ? [{ key: 'deactivate' as const, text: t('app.records.row.deactivate'), allowed: canEdit, run: () => setPending(statusAction(true)) }]
      : []),
    ...(statusField && !active
      ? [
          { key: 'activate' as const, text: t('app.records.row.activate'), allowed: canEdit, run: () => setPending(statusAction(false)) },
          { key: 'delete' as const, text: t('app.records.row.delete'), allowed: canDelete, run: () => setPending(statusAction(undefined)) },
        ]
      : []),
  ];

  const confirm = (
    <Confirm
      isOpen={pending !== null}
      loading={updating || deleting || toggling}
      title={pending ? confirmQuestion(pending) : ''}
      content={
        pending === 'delete' && deleteWarning ? (
          <DialogContentText>
            <Box component="strong" sx={{ display: 'block', mb: 1 }}>
              {name}
            </Box>
            {deleteWarning}
          </DialogContentText>
        ) : (
          name
        )
      }
      confirm={pending ? t(`app.records.row.${pending}`) : 'ra.action.confirm'}
      cancel="ra.action.cancel"
      confirmColor={pending === 'delete' ? 'warning' : 'primary'}
      onConfirm={run}
      onClose={() => setPending(null)}
    />
  );

  if (variant === 'menu') {
    const icons = { edit: EditIcon, deactivate: BlockIcon, activate: CheckCircleIcon, delete: DeleteIcon };
    return (
      <>
        <IconButton
          aria-label={t('app.records.row.actions_for', { name })}
          aria-haspopup="menu"
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} onClick={() => setMenuAnchor(null)}>
          {Extras && <Extras variant="menu" />}
          {actions.map(({ key, text, allowed, run: act }) => {
            const Icon = icons[key];
            return (
              <MenuItem key={key} disabled={!allowed} onClick={act} sx={key === 'delete' ? { color: 'error.main' } : undefined}>
                <ListItemIcon sx={key === 'delete' ? { color: 'error.main' } : undefined}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                {text}
              </MenuItem>
            );
          })}
        </Menu>
        {confirm}
      </>
    );
  }

  const colors = { deactivate: 'inherit', activate: 'secondary', delete: 'error' } as const;
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {Extras && <Extras variant="buttons" />}
      {actions.map(({ key, text, allowed, run: act }) =>
        key === 'edit' ? (
          <Tooltip key={key} title={t('app.records.row.edit_named', { name: oneLower })}>
            <span>
              <IconButton size="small" aria-label={t('app.records.row.edit')} disabled={!allowed} onClick={act}>
                <EditIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          <Button key={key} size="small" color={colors[key]} variant="outlined" disabled={!allowed} onClick={act}>
            {text}
          </Button>
        ),
      )}
      {confirm}
    </Stack>
  );
};
