/**
 * The live preview beside the builder. It follows the definition a beat behind the typing
 * (a deferred value): React renders the preview of a large form in the background and drops it
 * when the next keystroke arrives, so the builder's inputs never wait for RJSF.
 */
import { Suspense, useDeferredValue } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { LazyFormPreview } from '../../../forms/preview';

export function BuilderPreview({ fields }: { fields: FormField[] }) {
  const shown = useDeferredValue(fields);
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
