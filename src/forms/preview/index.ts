/** The form preview as a lazy chunk: RJSF, its MUI theme and ajv load when a page first shows a preview. */
import { lazy } from 'react';

export const LazyFormPreview = lazy(() => import('./FormPreview'));
export type { FormPreviewProps } from './FormPreview';
