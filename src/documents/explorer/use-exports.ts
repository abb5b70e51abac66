/**
 * The export jobs as the page follows them: asking for one (the spec's toast, then the downloads
 * list reads again), my newest exports read every 1.5 s while any is queued or running and not
 * at all once none is, one export named by the e-mail's link, cancelling and downloading.
 */
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { ExportJob } from '@model/generated';
import { explorerCalls, type ExportRequest } from '../../providers/explorer-calls';
import { saveFile } from '../../shared/save-file';

export const EXPORT_POLL_MS = 1500;
const exportsKey = ['explorer', 'exports'] as const;

export const isActive = (job: Pick<ExportJob, 'status'>) => job.status === 'queued' || job.status === 'running';

function pollWhileActive<T extends ExportJob | ExportJob[]>(query: Query<T, Error, T, readonly unknown[]>): number | false {
  const data = query.state.data;
  const jobs: ExportJob[] = data === undefined ? [] : Array.isArray(data) ? data : [data];
  return jobs.some(isActive) ? EXPORT_POLL_MS : false;
}

export function useExports() {
  return useQuery({ queryKey: exportsKey, queryFn: explorerCalls.getExports, refetchInterval: pollWhileActive });
}

/** The export an e-mail's link names, read on its own: it may be older than the newest listed. */
export function useNamedExport(id: string | null) {
  return useQuery({
    queryKey: [...exportsKey, id],
    queryFn: () => explorerCalls.getExport(id!),
    enabled: id !== null,
    refetchInterval: pollWhileActive,
  });
}

function useExportsRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: exportsKey });
}

const failure = (notify: ReturnType<typeof useNotify>) => (error: Error) => notify(error.message, { type: 'error' });

export function useStartExport() {
  const notify = useNotify();
  const refresh = useExportsRefresh();
  return useMutation({
    mutationFn: (request: ExportRequest) => explorerCalls.startExport(request),
    onSuccess: () => {
      notify('app.documents.exports.received', { type: 'success' });
      void refresh();
    },
    onError: failure(notify),
  });
}

export function useCancelExport() {
  const notify = useNotify();
  const refresh = useExportsRefresh();
  return useMutation({ mutationFn: (id: string) => explorerCalls.cancelExport(id), onSettled: refresh, onError: failure(notify) });
}

export function useDownloadExport() {
  const notify = useNotify();
  const refresh = useExportsRefresh();
  return useMutation({
    mutationFn: async (job: ExportJob) => saveFile(await explorerCalls.downloadExport(job._id), job.file_name ?? 'export.csv'),
    // An expired file answers 410: the list reads again and says 'Expired'.
    onError: (error: Error) => {
      failure(notify)(error);
      void refresh();
    },
  });
}
