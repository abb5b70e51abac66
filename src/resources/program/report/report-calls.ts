/** GET program/{id}/report: the report page's tables over the last weeks (only documents I may read are counted). */
import { useQuery } from '@tanstack/react-query';
import { serverUrl } from '../../../config/runtime-config';
import { fetchWithSession } from '../../../providers/http-client';

export interface ProgramReport {
  program: { _id: string; name: string };
  /** Each week's Monday (YYYY-MM-DD, UTC), oldest first. */
  weeks: string[];
  goals: Array<{ _id: string; name: string; document_type: string; target: number; achieved: number[] }>;
  documents: Array<{ module: string; type_id: string; type_name: string; counts: number[]; total: number }>;
  team: Array<{ _id: string; name: string; program_head: boolean; submitted: number; processed: number }>;
}

export const REPORT_WEEK_CHOICES = [4, 12, 26, 52] as const;

export const getProgramReport = async (id: string, weeks: number) =>
  (await fetchWithSession<ProgramReport>(`${serverUrl('api')}/program/${encodeURIComponent(id)}/report?weeks=${weeks}`)).json;

export const useProgramReport = (id: string, weeks: number) =>
  useQuery({ queryKey: ['program', id, 'report', weeks], queryFn: () => getProgramReport(id, weeks), retry: false });
