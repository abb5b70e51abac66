/**
 * The document's answers through the same compiler as the form preview: its revision's fields,
 * those hidden by the form's logic left out, compiled (compile-form) and laid out by @rjsf/mui,
 * read-only, every field drawn by the display for its type. Answers to fields the revision does
 * not list (or a revision the compiler refuses) are still shown, as JSON: nothing submitted is
 * hidden from a reviewer.
 */
import { useMemo } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import Form from '@rjsf/mui';
import type { FieldProps, FieldTemplateProps, ObjectFieldTemplateProps, RegistryFieldsType, TemplatesType, UiSchema } from '@rjsf/utils';
import { ErrorBoundary } from 'react-error-boundary';
import type { Document } from '@model/generated';
import type { FormField } from '@model/forms/field-definition';
import { DISPLAY_ONLY_TYPES } from '@model/forms/field-schema';
import { inFormOrder } from '@model/forms/compile-form';
import { formValidator } from '../forms/preview/form-validator';
import { shownFields, shownForm, visibilityKey } from '../forms/preview/preview-form';
import { DocumentContext, useDocumentContext } from './document-context';
import { DocumentValue } from './fields/DocumentValue';
import { JsonValue } from './fields/JsonValue';
import { useT } from '../i18n/use-t';
import { useCurrentLocale } from '../i18n/direction';
import { fieldsIn } from '@model/forms/field-texts';

const ANSWER_FIELD = 'documentAnswer';

type Answers = Record<string, unknown>;

function Answer({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box className="document-field" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', breakInside: 'avoid' }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** RJSF's field for every answer: the field's label over its display. */
function AnswerField({ name }: FieldProps) {
  const { fields, answers } = useDocumentContext();
  const field = fields.get(name);
  if (!field) return null;
  return (
    <Answer label={field.field_label}>
      <DocumentValue field={field} value={answers[name]} />
    </Answer>
  );
}

const answerFields: RegistryFieldsType = { [ANSWER_FIELD]: AnswerField };

/**
 * A document reads as a list of answers: RJSF's MUI grid and form-control spacing (made for
 * inputs) is left out, the answers follow each other as AnswerField draws them.
 */
const answerTemplates: Partial<TemplatesType> = {
  FieldTemplate: ({ children }: FieldTemplateProps) => <>{children}</>,
  ObjectFieldTemplate: ({ properties }: ObjectFieldTemplateProps) => (
    <div>
      {properties
        .filter((p) => !p.hidden)
        .map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
    </div>
  ),
};
const NO_DEFAULTS = { constAsDefaults: 'never', emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } } as const;

/** The fields a reader sees: those the form's logic shows for these answers, in form order. */
function readableFields(fields: FormField[], answers: Answers): FormField[] {
  try {
    return shownFields(fields, visibilityKey(fields, answers));
  } catch {
    // A rule the compiler refuses today cannot hide a submitted answer.
    return inFormOrder(fields);
  }
}

function CompiledAnswers({ shown, answers }: { shown: FormField[]; answers: Answers }) {
  const { schema, uiSchema } = useMemo(() => {
    const compiled = shownForm(shown);
    const ui: UiSchema = { ...compiled.uiSchema, 'ui:submitButtonOptions': { norender: true } };
    for (const name of Object.keys((compiled.schema.properties ?? {}) as object)) {
      ui[name] = { ...(compiled.uiSchema[name] as UiSchema | undefined), 'ui:field': ANSWER_FIELD };
    }
    return { schema: compiled.schema, uiSchema: ui };
  }, [shown]);
  return (
    <Form
      tagName="div"
      schema={schema}
      uiSchema={uiSchema}
      formData={answers}
      validator={formValidator}
      fields={answerFields}
      templates={answerTemplates}
      readonly
      noHtml5Validate
      showErrorList={false}
      experimental_defaultFormStateBehavior={NO_DEFAULTS}
    />
  );
}

function PlainAnswers({ answers, labels }: { answers: Answers; labels: Record<string, string> }) {
  return (
    <>
      {Object.entries(answers).map(([name, value]) => (
        <Answer key={name} label={labels[name] ?? name}>
          <JsonValue value={value} />
        </Answer>
      ))}
    </>
  );
}

/** What the drawer draws of a document: its fields as shown in `language`, their answers, and answers to fields the revision does not list. */
function readDocument(document: Document, language: string) {
  const structures = fieldsIn((document.form_fields?.structures ?? []) as FormField[], language);
  const formData = document.form_data ?? {};
  const answers: Answers = Object.fromEntries(Object.entries(formData).map(([k, v]) => [k, v.value]));
  const labels = Object.fromEntries(Object.entries(formData).map(([k, v]) => [k, v.label]));
  const listed = new Set(structures.map((f) => f.field_name));
  return {
    shown: readableFields(structures, answers).filter((f) => !DISPLAY_ONLY_TYPES.has(f.field_type)),
    answers,
    labels,
    others: Object.fromEntries(Object.entries(answers).filter(([name]) => !listed.has(name))),
    context: { documentId: document._id, fields: new Map(structures.map((f) => [f.field_name, f])), answers },
  };
}

export function DocumentAnswers({ document }: { document: Document }) {
  const language = useCurrentLocale().locale;
  const { shown, answers, labels, others, context } = useMemo(() => readDocument(document, language), [document, language]);
  const t = useT();
  const hasOthers = Object.keys(others).length > 0;
  if (shown.length === 0 && !hasOthers) return <Alert severity="info">{t('app.documents.drawer.no_answers')}</Alert>;
  return (
    <DocumentContext.Provider value={context}>
      <Stack>
        <ErrorBoundary fallback={<PlainAnswers answers={answers} labels={labels} />} resetKeys={[document]}>
          {shown.length > 0 && <CompiledAnswers shown={shown} answers={answers} />}
        </ErrorBoundary>
        {hasOthers && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('app.documents.drawer.other_answers')}
            </Typography>
            <PlainAnswers answers={others} labels={labels} />
          </>
        )}
      </Stack>
    </DocumentContext.Provider>
  );
}
