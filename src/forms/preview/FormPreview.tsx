/**
 * The form exactly as a field worker will see it, rendered by @rjsf/mui from the compiled
 * definition: fields appear and disappear as the preview is filled in, and answers are checked
 * as each field is left. Preview answers live only here; nothing is saved. Loaded lazily (see
 * ./index.ts): RJSF and ajv stay out of the pages that do not preview a form.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import { ErrorBoundary } from 'react-error-boundary';
import type { FormField } from '@model/forms/field-definition';
import { FormDefinitionError } from '@model/forms/condition';
import { formFields, formWidgets } from '../widgets';
import { DisplayOnlyField } from './DisplayOnlyField';
import { previewErrors } from './preview-errors';
import { DISPLAY_ONLY_FIELD, previewForm, visibilityKey } from './preview-form';

export interface FormPreviewProps {
  fields: FormField[];
  /** A published revision: shown, not filled in. */
  readOnly?: boolean;
}

type Answers = Record<string, unknown>;

const fields = { ...formFields, [DISPLAY_ONLY_FIELD]: DisplayOnlyField };

function PreviewForm({
  fields: definition,
  readOnly,
  answers,
  onAnswers,
}: FormPreviewProps & { answers: Answers; onAnswers: (a: Answers) => void }) {
  const [checked, setChecked] = useState(false);
  const key = visibilityKey(definition, answers);
  const compiled = useMemo(() => previewForm(definition, key), [definition, key]);
  const uiSchema = useMemo(
    () => ({ ...compiled.uiSchema, 'ui:submitButtonOptions': { norender: readOnly, submitText: 'Check answers' } }),
    [compiled, readOnly],
  );
  return (
    <>
      <Form
        schema={compiled.schema}
        uiSchema={uiSchema}
        formData={answers}
        validator={validator}
        widgets={formWidgets}
        fields={fields}
        readonly={readOnly}
        noHtml5Validate
        liveValidate="onBlur"
        showErrorList={false}
        transformErrors={previewErrors}
        onChange={(e) => {
          setChecked(false);
          onAnswers((e.formData ?? {}) as Answers);
        }}
        onSubmit={() => setChecked(true)}
      />
      {checked && (
        <Alert severity="success" sx={{ mt: 1 }}>
          These answers pass every rule of the form.
        </Alert>
      )}
    </>
  );
}

function PreviewProblem({ error }: { error: unknown }) {
  const text = error instanceof FormDefinitionError ? error.message : 'The preview cannot show this form yet.';
  return (
    <Alert severity="warning" role="status">
      {text}
    </Alert>
  );
}

export default function FormPreview({ fields: definition, readOnly }: FormPreviewProps) {
  const [answers, setAnswers] = useState<Answers>({});
  // Remounting clears RJSF's own state (errors, touched fields) along with the answers.
  const [round, setRound] = useState(0);
  if (definition.length === 0) return <Alert severity="info">Add a field to see the form here.</Alert>;
  return (
    <Stack spacing={1}>
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<RestartAltIcon />}
            onClick={() => {
              setAnswers({});
              setRound((r) => r + 1);
            }}
          >
            Reset preview
          </Button>
        </Box>
      )}
      <ErrorBoundary FallbackComponent={PreviewProblem} resetKeys={[definition]}>
        <PreviewForm key={round} fields={definition} readOnly={readOnly} answers={answers} onAnswers={setAnswers} />
      </ErrorBoundary>
    </Stack>
  );
}
