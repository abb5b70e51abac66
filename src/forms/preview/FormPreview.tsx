/**
 * The form exactly as a field worker will see it, rendered by @rjsf/mui from the compiled
 * definition: fields appear and disappear as the preview is filled in, and answers are checked
 * as each field is left, and all together on "Check answers". Preview answers live only here;
 * nothing is saved. Loaded lazily (see ./index.ts): RJSF and ajv stay out of the pages that do
 * not preview a form. Its words come from the provider's translate, not a hook: the preview may be
 * drawn outside the console's i18n context, and a change of language redraws the page anyway.
 */
import { memo, useCallback, useMemo, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { formValidator as validator } from './form-validator';
import type { ErrorSchema } from '@rjsf/utils';
import { ErrorBoundary } from 'react-error-boundary';
import type { FormField } from '@model/forms/field-definition';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema';
import { FormDefinitionError } from '@model/forms/condition';
import { DisplayOnlyField } from './DisplayOnlyField';
import { FieldPreview } from './FieldPreview';
import { VirtualList } from '../../shared/VirtualList';
import { previewErrors } from './preview-errors';
import { namingProblem, shownFields, shownForm, visibilityKey } from './preview-form';
import { compilerText } from './compiler-words';
import { translate } from '../../providers/i18n-provider';
import { fieldsIn } from '@model/forms/field-texts';
import { consoleLanguage, PreviewLanguage } from './PreviewLanguage';

export interface FormPreviewProps {
  fields: FormField[];
  /** A published revision: shown, not filled in. */
  readOnly?: boolean;
}

type Answers = Record<string, unknown>;

const fieldName = (field: FormField) => field.field_name;

function PreviewFields({ fields, readOnly }: FormPreviewProps) {
  const [answers, setAnswers] = useState<Answers>({});
  const [checked, setChecked] = useState<Record<string, ErrorSchema> | undefined>();
  const naming = namingProblem(fields);
  if (naming) throw naming;
  const key = visibilityKey(fields, answers);
  const shown = useMemo(() => shownFields(fields, key), [fields, key]);

  const onAnswer = useCallback((name: string, value: unknown) => {
    setAnswers((prev) => (Object.is(prev[name], value) ? prev : { ...prev, [name]: value }));
    setChecked((prev) => {
      if (!prev?.[name]) return prev;
      const { [name]: _answered, ...rest } = prev;
      return rest;
    });
  }, []);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const { schema } = shownForm(shown);
    const visibleAnswers = Object.fromEntries(
      shown.filter((f) => f.field_name in answers).map((f) => [f.field_name, answers[f.field_name]]),
    );
    const { errorSchema } = validator.validateFormData(visibleAnswers, schema, undefined, previewErrors);
    setChecked(Object.fromEntries(Object.entries(errorSchema).filter(([name]) => name !== '__errors')) as Record<string, ErrorSchema>);
  };

  const renderField = (field: FormField) =>
    DISPLAY_ONLY_TYPES.has(field.field_type) ? (
      <DisplayOnlyField field={field} />
    ) : (
      <FieldPreview
        field={field}
        value={answers[field.field_name]}
        errors={checked?.[field.field_name]}
        readOnly={readOnly}
        onAnswer={onAnswer}
      />
    );

  const problems = checked ? Object.keys(checked).length : undefined;
  return (
    <Box component="form" noValidate onSubmit={check}>
      <VirtualList items={shown} itemKey={fieldName} render={renderField} estimateSize={88} gap={4} />
      {!readOnly && (
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained">
            {translate('app.forms.preview.check')}
          </Button>
        </Box>
      )}
      {problems === 0 && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {translate('app.forms.preview.pass')}
        </Alert>
      )}
      {problems !== undefined && problems > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('app.forms.preview.need_look', { smart_count: problems })}
        </Alert>
      )}
    </Box>
  );
}

function PreviewProblem({ error }: { error: unknown }) {
  const text = error instanceof FormDefinitionError ? compilerText(error.message, translate) : translate('app.forms.preview.cannot_show');
  return (
    <Alert severity="warning" role="status">
      {text}
    </Alert>
  );
}

// Memoised: the builder renders on every keystroke, the preview only when the definition changed.
export default memo(function FormPreview({ fields, readOnly }: FormPreviewProps) {
  // Remounting clears the answers and RJSF's own state (errors, touched fields).
  const [round, setRound] = useState(0);
  // The console's language first; another can be picked to check its translations without leaving the page.
  const [language, setLanguage] = useState(consoleLanguage);
  const shownInLanguage = useMemo(() => fieldsIn(fields, language), [fields, language]);
  if (fields.length === 0) return <Alert severity="info">{translate('app.forms.preview.empty')}</Alert>;
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <PreviewLanguage value={language} onChange={setLanguage} />
        {!readOnly && (
          <Button size="small" startIcon={<RestartAltIcon />} onClick={() => setRound((r) => r + 1)}>
            {translate('app.forms.preview.reset')}
          </Button>
        )}
      </Box>
      <ErrorBoundary FallbackComponent={PreviewProblem} resetKeys={[shownInLanguage]}>
        <PreviewFields key={round} fields={shownInLanguage} readOnly={readOnly} />
      </ErrorBoundary>
    </Stack>
  );
});
