/**
 * The builder page's body, the same on the add and edit pages: the title, the fields, the add
 * form, and the live preview beside them (below them on a narrow screen).
 */
import { useCallback, type ReactNode } from 'react';
import type { FormField } from '@model/forms/field-definition';
import { Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { AddFieldForm } from './AddFieldForm';
import { BuilderPreview } from './BuilderPreview';
import { FieldList } from './FieldList';
import { UndoRedoButtons } from './UndoRedo';
import { ProgramSelect } from './ProgramSelect';
import { DuplicateFields } from './DuplicateFields';
import type { FormBuilderModel } from './use-form-builder';
import { useT } from '../../../i18n/use-t';

interface FormBuilderProps {
  heading: string;
  model: FormBuilderModel;
  /** The page's buttons (Save Draft, …), kept in view above the builder. */
  actions: ReactNode;
  /** A message that must stay in view with the buttons (a stale draft). */
  banner?: ReactNode;
  footer?: ReactNode;
}

export function FormBuilder({ heading, model, actions, banner, footer }: FormBuilderProps) {
  const {
    state,
    dispatch,
    title,
    changeTitle,
    titleProblem,
    structures,
    targets,
    undo,
    redo,
    canUndo,
    canRedo,
    programIds,
    setProgramIds,
  } = model;
  const t = useT();
  const addField = useCallback((field: FormField) => dispatch({ type: 'add', field }), [dispatch]);
  const addCopies = useCallback((fields: FormField[]) => dispatch({ type: 'add-copies', fields }), [dispatch]);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={heading} />
      <Box
        sx={{
          // Kept in view on a wide screen; on a phone its buttons would take too much of the screen.
          position: { md: 'sticky' },
          top: 0,
          zIndex: 3,
          bgcolor: 'background.default',
          py: 1,
          mb: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1.5,
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <UndoRedoButtons undo={undo} redo={redo} canUndo={canUndo} canRedo={canRedo} />
          {actions}
        </Box>
        {banner && <Box sx={{ flexBasis: '100%' }}>{banner}</Box>}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Card component="section" aria-label={t('app.forms.builder.page.fields_section')}>
          <CardContent sx={{ p: { xs: 2, md: 3 } }}>
            <Stack spacing={2}>
              <TextField
                label={t('app.forms.builder.page.title')}
                required
                value={title}
                onChange={(e) => changeTitle(e.target.value)}
                error={Boolean(titleProblem)}
                helperText={titleProblem ?? ' '}
                fullWidth
              />
              <ProgramSelect value={programIds} onChange={setProgramIds} />
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('app.forms.builder.page.fields', { count: state.keys.length })}
              </Typography>
              {state.keys.length === 0 && (
                <Typography color="text.secondary" variant="body2">
                  {t('app.forms.builder.page.no_fields')}
                </Typography>
              )}
              <FieldList state={state} dispatch={dispatch} targets={targets} />
              <AddFieldForm onAdd={addField} noGroupReason={t('app.forms.builder.page.no_group_here')} />
              <DuplicateFields onCopy={addCopies} />
            </Stack>
          </CardContent>
        </Card>
        <Card
          component="section"
          aria-label={t('app.forms.builder.page.preview_section')}
          sx={{ position: { md: 'sticky' }, top: { md: 72 }, maxHeight: { md: 'calc(100vh - 88px)' }, overflow: { md: 'auto' } }}
        >
          <CardContent sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('app.forms.builder.page.preview')}
            </Typography>
            <BuilderPreview fields={structures} />
          </CardContent>
        </Card>
      </Box>
      {footer && <Box sx={{ mt: 3 }}>{footer}</Box>}
    </Box>
  );
}
