/**
 * One module tab of the program detail (Beneficiaries … Permission, spec 2 §2): the records of
 * the module's kind the program holds, searchable and paged, each with edit and remove; an add
 * button opening the right-hand drawer; 'Back to all modules'; and, for an inactive module, the
 * prompt to activate it. Writes are offered only to roles that may make them now.
 */
import { useMemo, useState } from 'react';
import { Box, Button, IconButton, Link, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { Confirm, useNotify, type RaRecord } from 'react-admin';
import { programCalls, type FullProgram, type ProgramModule } from '../../../../providers/program-calls';
import { withId } from '../../../../providers/wire-records';
import { useProgramAccess } from '../../program-access';
import { TYPE_KINDS } from '../../../type-records/type-kinds';
import type { MessageKey } from '../../../../i18n/catalogue';
import { useT } from '../../../../i18n/use-t';
import { MODULE_TEXTS } from './module-texts';
import { ActivateModulePrompt } from './ActivateModulePrompt';
import { AttachedTypes } from './AttachedTypes';
import { TypeDrawer, type DrawerState } from './TypeDrawer';

export interface ModuleTabProps {
  program: FullProgram;
  module: ProgramModule;
  /** Go to the Modules tab ('Back to all modules', 'Don't Activate'). */
  onBack(): void;
  /** The program changed (a type attached, a module activated): read it again. */
  onChanged(): void;
}

/** Where all the records of a kind are listed outside any program. */
const ALL_OF_KIND: Partial<Record<ProgramModule, { to: string; text: MessageKey }>> = {
  beneficiaries: { to: '/beneficiaries', text: 'app.program.module_tab.all_beneficiary_types' },
  events: { to: '/events', text: 'app.program.module_tab.all_event_types' },
};

export const ModuleTab = ({ program, module, onBack, onChanged }: ModuleTabProps) => {
  const kind = TYPE_KINDS[module];
  const t = useT();
  const words = MODULE_TEXTS[module];
  const notify = useNotify();
  const access = useProgramAccess(program);
  const canManage = access.can('can_manage_program_types');
  const mayAttach = canManage && access.mayChange;
  const [q, setQ] = useState('');
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [removing, setRemoving] = useState<RaRecord | null>(null);
  const [busy, setBusy] = useState(false);

  const held = useMemo(() => (program[kind.list] ?? []).map((r) => withId(r)), [program, kind.list]);
  const shown = useMemo(() => {
    const text = q.trim().toLowerCase();
    if (!text) return held;
    return held.filter((r) => [r.name, r.plural_name].some((v) => typeof v === 'string' && v.toLowerCase().includes(text)));
  }, [held, q]);
  const inactive = program.active_module?.[module] === false;
  const allOfKind = ALL_OF_KIND[module];

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await programCalls.detachType(String(program.id), kind.list, String(removing.id));
      notify(words.removed, { type: 'success' });
      onChanged();
    } catch {
      notify(words.removeFailed, { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const rowActions = (record: RaRecord) => (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {canManage && (
        <Tooltip title={t(words.editTooltip)}>
          <IconButton
            size="small"
            aria-label={t('app.program.common.edit_name', { name: String(record.name) })}
            onClick={() => setDrawer({ mode: 'edit', id: String(record.id) })}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {mayAttach && (
        <Tooltip title={t('app.program.module_tab.remove_from_program')}>
          <IconButton
            size="small"
            aria-label={t('app.program.common.remove_name', { name: String(record.name) })}
            onClick={() => setRemoving(record)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );

  return (
    <Box sx={{ py: 2 }}>
      <Link
        component="button"
        type="button"
        onClick={onBack}
        underline="hover"
        color="secondary.dark"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" />
        {t('app.program.module_tab.back')}
      </Link>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t(`resources.${kind.resource}.name`, { smart_count: 2 })}
          </Typography>
          {allOfKind && (
            <Link component={RouterLink} to={allOfKind.to} variant="body2" underline="hover" color="secondary.dark">
              {t(allOfKind.text)}
            </Link>
          )}
        </Box>
        {/* One line beside the heading on a wide screen (the search shrinks first, so the button never wraps under it or onto two lines); wrapping on a phone. */}
        <Stack
          direction="row"
          useFlexGap
          sx={{
            alignItems: 'center',
            justifyContent: 'flex-end',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            gap: 1,
            flex: { xs: '1 1 100%', sm: '0 1 480px' },
            minWidth: 0,
          }}
        >
          <TextField
            size="small"
            label={t(words.search)}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            sx={{ flex: '1 1 auto', minWidth: 160, maxWidth: { sm: 280 } }}
          />
          {mayAttach && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDrawer({ mode: 'add' })}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {t(words.add)}
            </Button>
          )}
        </Stack>
      </Box>
      {canManage && !access.mayChange && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {access.locked ? t('app.program.module_tab.locked_note') : t('app.program.module_tab.closed_note')}
        </Typography>
      )}
      <AttachedTypes key={q} kind={kind} records={shown} actions={rowActions} />
      <TypeDrawer
        kind={kind}
        programId={String(program.id)}
        attached={held.map((r) => String(r.id))}
        state={drawer}
        canCreate={canManage}
        onClose={() => setDrawer(null)}
        onChanged={onChanged}
      />
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title={t('ra.action.remove')}
        content={removing ? t('app.program.module_tab.remove_content', { name: String(removing.name) }) : ''}
        confirm={t('ra.action.remove')}
        cancel={t('ra.action.cancel')}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
      {inactive && (
        <ActivateModulePrompt
          programId={String(program.id)}
          module={module}
          allowed={access.can('can_edit_program') && access.mayChange}
          onBack={onBack}
          onActivated={onChanged}
        />
      )}
    </Box>
  );
};
