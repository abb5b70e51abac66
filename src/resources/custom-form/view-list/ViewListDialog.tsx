/**
 * Add or replace a view list (spec 2 §2, §5): a name and a workbook, both needed to add; on
 * update the file is optional (the rows stay as they are without one). The server reads the
 * whole file before answering, and refuses, naming why, a file that is not a workbook or CSV,
 * an empty sheet or one too large: its message shows under the file and as a toast. Meanwhile
 * the dialog shows the upload's progress, then the rows the server has read (ImportProgress).
 */
import { useId, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { useDataProvider, useNotify } from 'react-admin';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import { errorFields } from '../../../providers/http-client';
import { newImportId, type ViewListRecord } from '../../../providers/view-list-calls';
import { isBlankText, trimText } from '@model/trim-text';
import { ImportProgress, useImportProgress } from './ImportProgress';
import { useT } from '../../../i18n/use-t';

export type ViewListDialogState = { mode: 'create' } | { mode: 'edit'; record: ViewListRecord } | null;

/** What the file picker offers; the server decides by content, not by name. */
const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

interface Problems {
  name?: string;
  excel_file?: string;
}

interface ViewListDialogProps {
  state: ViewListDialogState;
  /** Whether the role may save this (the server checks again). */
  allowed: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export const ViewListDialog = ({ state, ...props }: ViewListDialogProps) =>
  // Keyed by what it edits, so each opening starts from the record (or blank).
  state && <ViewListForm key={state.mode === 'edit' ? state.record.id : 'create'} state={state} {...props} />;

function ViewListForm({ state, allowed, onClose, onSaved }: ViewListDialogProps & { state: NonNullable<ViewListDialogState> }) {
  const editing = state.mode === 'edit' ? state.record : undefined;
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const notify = useNotify();
  const t = useT();
  const titleId = useId();
  const fileInputId = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [file, setFile] = useState<File | undefined>();
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  /** While a file is sent: the id its import is followed by, and how much of it has gone up. */
  const [importId, setImportId] = useState<string>();
  const [uploaded, setUploaded] = useState(0);
  // The server knows the import once the whole file is there: asked from then on.
  const server = useImportProgress(uploaded >= 1 ? importId : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (isBlankText(name)) found.name = t('app.forms.view_lists.dialog.name_required');
    if (!editing && !file) found.excel_file = t('app.forms.view_lists.dialog.file_required');
    setProblems(found);
    if (found.name || found.excel_file) return;
    setBusy(true);
    const watch = file ? { importId: newImportId(), onUploadProgress: setUploaded } : undefined;
    setUploaded(0);
    setImportId(watch?.importId);
    try {
      if (editing) await dataProvider.updateViewList(String(editing.id), trimText(name), file, watch);
      else await dataProvider.createViewList(trimText(name), file!, watch);
      notify(editing ? 'app.forms.view_lists.dialog.updated' : 'app.forms.view_lists.dialog.added', { type: 'success' });
      onSaved();
      onClose();
    } catch (error) {
      const fields = errorFields(error);
      setProblems({ name: fields.name, excel_file: fields.excel_file });
      notify((error as Error).message || 'app.forms.view_lists.dialog.failed', { type: 'error' });
    } finally {
      setBusy(false);
      setImportId(undefined);
    }
  };

  const fileLine = file
    ? file.name
    : editing
      ? editing.file_name !== undefined && editing.file_name !== null
        ? t('app.forms.view_lists.dialog.keeps', { name: editing.file_name })
        : t('app.forms.view_lists.dialog.keeps_current')
      : t('app.forms.view_lists.dialog.no_file');
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {editing ? t('app.forms.view_lists.dialog.update_title') : t('app.forms.view_lists.dialog.add_title')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <TextField
            label={t('resources.listview.fields.name')}
            required
            autoFocus
            fullWidth
            margin="dense"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(problems.name)}
            helperText={problems.name}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            disabled={busy}
          />
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
              <Button
                component="label"
                htmlFor={fileInputId}
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={busy}
                sx={{ flexShrink: 0 }}
              >
                {editing ? t('app.forms.view_lists.dialog.replace') : t('app.forms.view_lists.dialog.choose')}
                <input
                  id={fileInputId}
                  hidden
                  type="file"
                  accept={ACCEPT}
                  aria-label={t('resources.listview.fields.excel_file')}
                  aria-invalid={Boolean(problems.excel_file)}
                  onChange={(e) => {
                    setFile(e.target.files?.[0]);
                    setProblems((p) => ({ ...p, excel_file: undefined }));
                  }}
                />
              </Button>
              <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} noWrap title={fileLine} sx={{ minWidth: 0 }}>
                {fileLine}
              </Typography>
            </Box>
            <FormHelperText error={Boolean(problems.excel_file)} sx={{ mx: 1.75 }}>
              {problems.excel_file ?? t('app.forms.view_lists.dialog.file_hint')}
            </FormHelperText>
          </Box>
          {busy && file && <ImportProgress fileName={file.name} uploaded={uploaded} server={server} />}
          {busy && !file && (
            <Box role="status">
              <LinearProgress />
              <Typography variant="caption" color="text.secondary">
                {t('app.forms.view_lists.dialog.saving')}
              </Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            {t('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!allowed || busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {editing ? t('ra.action.update') : t('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
