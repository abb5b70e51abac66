/**
 * An attachment of the document as a blob: URL, fetched with the session (attachments are never
 * public, so an <img src> pointing at the api server could not send the token anyway), and
 * released when the display goes away.
 */
import { useEffect, useState } from 'react';
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

/** The blob's object URL while the component shows it. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
