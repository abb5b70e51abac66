/**
 * An attachment of the document as a blob: URL, fetched with the session (attachments are never
 * public, so an <img src> pointing at the api server could not send the token anyway), and
 * released when the display goes away.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { documentCalls } from '../../providers/document-calls';

export function useAttachmentBlob(documentId: string, name: string, enabled = true) {
  return useQuery({
    queryKey: ['document', 'attachment', documentId, name],
    queryFn: () => documentCalls.getAttachment(documentId, name),
    enabled: enabled && Boolean(documentId && name),
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * A ref for an <img> that shows the blob: its object URL is made when the element mounts and
 * released when it goes (a React 19 ref cleanup), so no URL outlives its picture.
 */
export function useBlobSource(blob: Blob | undefined) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return undefined;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
