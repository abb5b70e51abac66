/**
 * The right-hand drawer of a module tab (spec 2 §2): to add, 'Select from existing' (attach a
 * record of this kind) or 'Create new …' (the kind's own form; the new record is attached once
 * saved); to edit, the record's form. The forms are the generic ones, with the kind's overrides.
 */
import { useState } from 'react';
import { Alert, Box, Drawer, IconButton, Tab, Tabs, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { CreateBase, EditBase, useNotify, type RaRecord } from 'react-admin';
import { programCalls } from '../../../../providers/program-calls';
import { FormToolbar, formStyle } from '../../../generic/record-form';
import { SchemaForm } from '../../../generic/SchemaForm';
import type { TypeKind } from '../../../type-records/type-kinds';
import { useT } from '../../../../i18n/use-t';
import { MODULE_TEXTS } from './module-texts';
import { SelectExistingTypes } from './SelectExistingTypes';

export type DrawerState = { mode: 'add' } | { mode: 'edit'; id: string } | null;

interface TypeDrawerProps {
  kind: TypeKind;
  programId: string;
  attached: string[];
  state: DrawerState;
  /** The role may create records of this kind (the add tab's form). */
  canCreate: boolean;
  onClose(): void;
  onChanged(): void;
}

export const TypeDrawer = ({ kind, programId, attached, state, canCreate, onClose, onChanged }: TypeDrawerProps) => {
  const notify = useNotify();
  const t = useT();
  const [tab, setTab] = useState(0);
  const [attaching, setAttaching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const words = MODULE_TEXTS[kind.module];

  const close = () => {
    setTab(0);
    setProblem(null);
    onClose();
  };
  const failed = (message: string) => (error: unknown) => {
    notify(message, { type: 'error' });
    setProblem((error as Error).message);
  };
  const attach = async (id: string) => {
    setAttaching(true);
    setProblem(null);
    try {
      await programCalls.attachType(programId, kind.list, id);
      notify(words.added, { type: 'success' });
      close();
      onChanged();
    } catch (error) {
      failed(words.addFailed)(error);
    } finally {
      setAttaching(false);
    }
  };
  const created = (record: RaRecord) => void attach(String(record.id));
  const edited = () => {
    notify(words.edited, { type: 'success' });
    close();
    onChanged();
  };
  // The Save button follows the role's flags; the drawer is offered only to those who may.
  const guardedByButton = { disableAuthentication: true };

  const createForm = (
    <CreateBase
      {...guardedByButton}
      resource={kind.resource}
      redirect={false}
      mutationOptions={{ onSuccess: created, onError: failed(words.addFailed) }}
    >
      <SchemaForm
        resource={kind.resource}
        sx={formStyle(true)}
        toolbar={<FormToolbar label={t('ra.action.save')} allowed={canCreate && !attaching} onCancel={close} inDialog />}
        onSaved={created}
        onFailed={failed(words.addFailed)}
      />
    </CreateBase>
  );

  return (
    <Drawer
      anchor="right"
      open={state !== null}
      onClose={close}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 520 }, p: { xs: 2, sm: 3 } },
          role: 'dialog',
          'aria-labelledby': 'type-drawer-title',
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="type-drawer-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t(state?.mode === 'edit' ? words.edit : words.add)}
        </Typography>
        <IconButton aria-label={t('ra.action.close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {state?.mode === 'edit' ? (
        <EditBase
          {...guardedByButton}
          resource={kind.resource}
          id={state.id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{ onSuccess: edited, onError: failed(words.editFailed) }}
        >
          <SchemaForm
            resource={kind.resource}
            sx={formStyle(true)}
            toolbar={<FormToolbar label={t('ra.action.update')} allowed={canCreate} onCancel={close} inDialog />}
            onSaved={edited}
            onFailed={failed(words.editFailed)}
          />
        </EditBase>
      ) : state?.mode === 'add' ? (
        <>
          <Tabs
            value={tab}
            onChange={(_e, next: number) => setTab(next)}
            variant="fullWidth"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none', fontWeight: 600 } }}
          >
            <Tab label={t('app.program.module_tab.select_existing')} />
            <Tab label={t(words.createNew)} disabled={!canCreate} />
          </Tabs>
          {tab === 0 ? <SelectExistingTypes kind={kind} attached={attached} onPick={attach} busy={attaching} /> : createForm}
        </>
      ) : null}
    </Drawer>
  );
};
