/**
 * The live preview beside the builder. The preview renders one small form per field, cached by
 * the field's definition (src/forms/preview), so an edit redraws only the field it changed —
 * cheap enough to draw in the same frame as the keystroke (a deferred value would cost a frame).
 */
import { Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { LazyFormPreview } from '../../../forms/preview';
import { useT } from '../../../i18n/use-t';

export function BuilderPreview({ fields }: { fields: FormField[] }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label={t('app.forms.builder.page.loading_preview')} />
        </Box>
      }
    >
      {/* No "updating" dimming: restyling the whole preview on every keystroke costs more than drawing the change. */}
      <LazyFormPreview fields={fields} />
    </Suspense>
  );
}
