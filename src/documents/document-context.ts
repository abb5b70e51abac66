/** What a field's display needs: whose attachments to fetch, the field's definition and its answer. */
import { createContext, useContext } from 'react';
import type { FormField } from '@model/forms/field-definition';

export interface DocumentFieldsContext {
  documentId: string;
  /** The revision's top-level fields by field_name. */
  fields: ReadonlyMap<string, FormField>;
  /** The answers by field_name. */
  answers: Readonly<Record<string, unknown>>;
}

export const DocumentContext = createContext<DocumentFieldsContext>({ documentId: '', fields: new Map(), answers: {} });

export const useDocumentContext = () => useContext(DocumentContext);
