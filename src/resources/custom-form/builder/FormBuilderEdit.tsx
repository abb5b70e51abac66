/**
 * /custom-form/edit/{id}, 'Edit Form Group' (spec 2 §2): the builder over the form's draft, with
 * Copy Form, Save Draft and PUBLISH FORM. Every save and publish carries the draft_version the
 * draft was loaded (or last saved) at, so a save over someone else's newer draft is refused (409)
 * instead of overwriting it.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PublishIcon from '@mui/icons-material/Publish';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import type { FormRecord } from '../../../providers/form-calls';
import { FormBuilder } from './FormBuilder';
import { LoadState } from './LoadState';
import { PublishDialog, type DraftToPublish } from './PublishDialog';
import { RevisionsNote } from './RevisionsNote';
import { HistorySection } from '../../../audit/HistorySection';
import { StaleDraftAlert } from './StaleDraftAlert';
import { copyState } from './copy-state';
import { checkedDraft } from './definition-words';
import { saveProblem } from './save-problem';
import { useFormBuilder } from './use-form-builder';
import { useFormFlags } from './use-form-flags';
import { useFormRecord } from './use-form-record';
import { trimText } from '@model/trim-text';
import { useT } from '../../../i18n/use-t';

function EditLoaded({ record, reloading, onReload }: { record: FormRecord; reloading: boolean; onReload: () => void }) {
  const formId = String(record._id ?? record.id);
  const model = useFormBuilder({ name: record.name ?? '', structures: record.structures ?? [], programIds: record.program_ids ?? [] });
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const t = useT();
  const { mayCreate, mayEdit, mayPublish } = useFormFlags();
  const [draftVersion, setDraftVersion] = useState(record.draft_version ?? 0);
  const [version, setVersion] = useState(record.version ?? 0);
  const [stale, setStale] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  // Once Copy Form is pressed this page is done: the address is already the add page's, and
  // until the add page's code has arrived (a route change waits for it, keeping this page on
  // screen) nothing typed or saved here may land on the original form.
  const [copying, setCopying] = useState(false);
  const left = useRef(false);

  // The add page's code is fetched ahead, so that Copy Form's wait is as short as it can be.
  useEffect(() => {
    void import('./FormBuilderAdd');
  }, []);

  /** The draft on screen, or null (with the problems shown) when it cannot be sent. */
  const draftToSend = () => {
    const draft = { name: trimText(model.title), structures: model.structures, program_ids: model.programIds };
    const problems = checkedDraft(draft, t);
    model.showProblems(problems?.fields ?? {});
    if (problems) notify(problems.notice.message, { type: 'error', messageArgs: problems.notice.args });
    return problems ? null : draft;
  };

  /**
   * A refused call: a stale draft keeps the edits and offers Reload; a refused definition marks its rows.
   * `otherwise` gives the toast: a catalogue key, or the server's own words.
   */
  const refused = (error: unknown, otherwise: (serverMessage?: string) => string) => {
    const problem = saveProblem(error);
    if (problem.stale) {
      setStale(problem.serverMessage ?? t('app.forms.builder.notify.stale'));
      return;
    }
    if (problem.fields) model.showProblems(problem.fields);
    notify(problem.fields ? (problem.serverMessage ?? otherwise()) : otherwise(problem.serverMessage), { type: 'error' });
  };

  const save = async () => {
    if (left.current) return;
    const draft = draftToSend();
    if (!draft) return;
    setBusy('save');
    try {
      const saved = await dataProvider.saveFormDraft(formId, draft, draftVersion);
      setDraftVersion(saved.draft_version ?? draftVersion + 1);
      setVersion(saved.version ?? version);
      notify('app.forms.builder.notify.updated', { type: 'success' });
    } catch (error) {
      refused(error, () => 'app.forms.common.something_wrong');
    } finally {
      setBusy(null);
    }
  };

  // Publishing asks first, showing what the new revision changes (PublishDialog).
  const [toPublish, setToPublish] = useState<DraftToPublish | null>(null);
  const askPublish = () => setToPublish(draftToSend());

  const publish = async () => {
    const draft = toPublish;
    if (left.current || !draft) return;
    setBusy('publish');
    try {
      const published = await dataProvider.publishForm(formId, draftVersion, draft);
      notify('app.forms.builder.notify.published', { type: 'success', messageArgs: { version: published.version } });
      navigate('/custom-form');
    } catch (error) {
      // The spec only logs a failed publish; the person is told why, in the server's words.
      refused(error, (serverMessage) => serverMessage ?? 'app.forms.builder.notify.publish_failed');
      setBusy(null);
      setToPublish(null);
    }
  };

  const copy = () => {
    left.current = true;
    setCopying(true);
    navigate('/custom-form/add-new', {
      state: copyState({ name: model.title, structures: model.structures, parentId: formId, programIds: model.programIds }),
    });
  };

  if (copying) return <LoadState heading={t('app.forms.builder.headings.add')} waitingFor={t('app.forms.builder.actions.opening_copy')} />;

  return (
    <FormBuilder
      heading={t('app.forms.builder.headings.edit')}
      model={model}
      banner={stale && <StaleDraftAlert message={stale} reloading={reloading} onReload={onReload} />}
      actions={
        <>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} disabled={!mayCreate}>
            {t('app.forms.builder.actions.copy_form')}
          </Button>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={busy !== null || !mayEdit}>
            {t('app.forms.builder.actions.save_draft')}
          </Button>
          <Button
            variant="contained"
            color="success"
            startIcon={<PublishIcon />}
            onClick={askPublish}
            disabled={busy !== null || !mayPublish}
          >
            {t('app.forms.builder.actions.publish_form')}
          </Button>
        </>
      }
      footer={
        <>
          <RevisionsNote formId={formId} version={version} />
          <HistorySection resource="custom-form" id={formId} />
          <PublishDialog
            formId={formId}
            version={version}
            draft={toPublish}
            busy={busy === 'publish'}
            onConfirm={publish}
            onClose={() => setToPublish(null)}
          />
        </>
      }
    />
  );
}

export default function FormBuilderEdit() {
  const { id = '' } = useParams();
  const { record, error, round, loading, reload } = useFormRecord(id);
  const t = useT();
  if (!record) return <LoadState heading={t('app.forms.builder.headings.edit')} error={error} onRetry={reload} />;
  // A fresh load (Reload after a stale save) starts the builder over from the saved form.
  return <EditLoaded key={round} record={record} reloading={loading} onReload={reload} />;
}
