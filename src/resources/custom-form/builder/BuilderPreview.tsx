/**
 * The live preview beside the builder. RJSF renders the whole form again on every change (about
 * 2 ms a field in Chromium, so near a second for 500 fields), in one piece React cannot
 * interrupt: a large form's preview waits for a pause in the typing instead of holding up each
 * keystroke. A small one follows at once, as a deferred value (the inputs go first).
 */
import { Suspense, useDeferredValue } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { LazyFormPreview } from '../../../forms/preview';
import { useSettledValue } from './use-settled-value';

/** Above this many fields, the preview waits for the definition to settle. */
export const LARGE_FORM_FIELDS = 100;
export const LARGE_FORM_PAUSE_MS = 400;

export function BuilderPreview({ fields }: { fields: FormField[] }) {
  const settled = useSettledValue(fields, fields.length > LARGE_FORM_FIELDS ? LARGE_FORM_PAUSE_MS : 0);
  const shown = useDeferredValue(settled);
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label="Loading the preview" />
        </Box>
      }
    >
      <Box sx={{ opacity: shown === fields ? 1 : 0.7, transition: 'opacity 120ms' }}>
        <LazyFormPreview fields={shown} />
      </Box>
    </Suspense>
  );
}
