/**
 * The generic pages, loaded when one is first shown rather than with the console: the first
 * screen after sign-in is the dashboard, and each page brings react-admin's and MUI's inputs,
 * fields and tables with it. The layout's Suspense shows its spinner meanwhile.
 */
import { lazy } from 'react';

export const GenericList = lazy(() => import('./GenericList').then((m) => ({ default: m.GenericList })));
export const GenericCreate = lazy(() => import('./GenericCreate').then((m) => ({ default: m.GenericCreate })));
export const GenericEdit = lazy(() => import('./GenericEdit').then((m) => ({ default: m.GenericEdit })));
export const GenericShow = lazy(() => import('./GenericShow').then((m) => ({ default: m.GenericShow })));
