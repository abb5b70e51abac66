/**
 * The drawer's document, read by its id (GET /document/{id}) or by the mobile app's local id
 * (GET /dashboard/document?local_id=, as the dashboard's rows open it), and "Mark as processed".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Document } from '@model/generated';
import { documentCalls } from '../providers/document-calls';

export interface DocumentKey {
  documentId?: string | null;
  localId?: string | null;
}

export const documentQueryKey = ({ documentId, localId }: DocumentKey) =>
  documentId ? ['document', 'id', documentId] : ['document', 'local', localId ?? ''];

export function useDocument(key: DocumentKey) {
  return useQuery({
    queryKey: documentQueryKey(key),
    queryFn: () => (key.documentId ? documentCalls.getDocument(key.documentId) : documentCalls.getDocumentByLocalId(key.localId ?? '')),
    enabled: Boolean(key.documentId || key.localId),
    // A missing document stays missing: asking again would only delay the message.
    retry: false,
  });
}

/** Marks the document processed; the drawer and the dashboard's lists then show it so. */
export function useMarkProcessed(key: DocumentKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => documentCalls.markProcessed(id),
    onSuccess: (document: Document) => {
      queryClient.setQueryData(documentQueryKey(key), document);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
