/**
 * What the explorer's filters hold and what they show (spec 1 §2): choosing a program clears the
 * module, the document type, the document id and the results; choosing a module clears the
 * type; 'Query Data' shows the first page of the chosen query; a search shows one document, and
 * an empty search box does nothing. Paging moves within the query shown. Pressing 'Query Data'
 * or 'Search' again with the same filters reads again (documents come and go meanwhile).
 */
import type { DocumentModule } from '@model/documents/modules';
import type { DocumentsQuery, DocumentTypeOption, ExplorerProgram, PagePlace } from '../../providers/explorer-calls';
import { isoDay } from '../../shared/typed-day';

/** The narrower filters as the boxes hold them: days as typed (DD-MM-YYYY), a submitter's id, a processed state. */
export interface Facets {
  from: string;
  to: string;
  submittedBy: string;
  processed: '' | 'true' | 'false';
}

export const noFacets: Facets = { from: '', to: '', submittedBy: '', processed: '' };

/** Both days typed and the second before the first: no document could match. */
export function rangeBackwards(f: Facets): boolean {
  const from = isoDay(f.from);
  const to = isoDay(f.to);
  return Boolean(from && to && to < from);
}

/** Whether the typed days are days (or empty) in order: 'Query Data' waits until they are. */
export const facetsReady = (f: Facets) => isoDay(f.from) !== null && isoDay(f.to) !== null && !rangeBackwards(f);

function withFacets(query: DocumentsQuery, f: Facets): DocumentsQuery {
  const from = isoDay(f.from);
  const to = isoDay(f.to);
  return {
    ...query,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(f.submittedBy ? { submitted_by: f.submittedBy } : {}),
    ...(f.processed ? { processed: f.processed } : {}),
  };
}

/** `run` tells one press of 'Query Data' or 'Search' from the next: the same filters again read again. */
export type Results =
  { kind: 'query'; query: DocumentsQuery; place: PagePlace; run: number } | { kind: 'document'; id: string; run: number } | null;

export interface ExplorerState {
  program: ExplorerProgram | null;
  module: DocumentModule | null;
  type: DocumentTypeOption | null;
  facets: Facets;
  /** The search box's text. */
  documentId: string;
  results: Results;
  /** Presses of 'Query Data' and 'Search' so far; never reset, so a run's results are never another's. */
  runs: number;
}

export type ExplorerAction =
  | { kind: 'program'; program: ExplorerProgram | null }
  | { kind: 'module'; module: DocumentModule | null }
  | { kind: 'type'; type: DocumentTypeOption | null }
  | { kind: 'facets'; facets: Partial<Facets> }
  | { kind: 'documentId'; text: string }
  | { kind: 'query' }
  | { kind: 'search' }
  | { kind: 'page'; place: PagePlace };

export const initialExplorerState: ExplorerState = {
  program: null,
  module: null,
  type: null,
  facets: noFacets,
  documentId: '',
  results: null,
  runs: 0,
};

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.kind) {
    case 'program':
      return { ...initialExplorerState, program: action.program, runs: state.runs };
    case 'module':
      return { ...state, module: action.module, type: null };
    case 'type':
      return { ...state, type: action.type };
    case 'facets': {
      const next = { ...state, facets: { ...state.facets, ...action.facets } };
      // Results on screen follow the filters at once (from the first page), as soon as the days typed are days.
      return state.results?.kind === 'query' && facetsReady(next.facets) ? explorerReducer(next, { kind: 'query' }) : next;
    }
    case 'documentId':
      return { ...state, documentId: action.text };
    case 'query': {
      if (!state.program || !state.module || !facetsReady(state.facets)) return state;
      let query: DocumentsQuery = { program_slug: state.program.name_slug, module_name: state.module };
      if (state.type) Object.assign(query, { doc_id: state.type._id, doc_name: state.type.name });
      query = withFacets(query, state.facets);
      const run = state.runs + 1;
      return { ...state, runs: run, results: { kind: 'query', query, place: { pageNo: 0 }, run } };
    }
    case 'search': {
      const id = state.documentId.trim();
      if (!id) return state;
      const run = state.runs + 1;
      return { ...state, runs: run, results: { kind: 'document', id, run } };
    }
    case 'page':
      return state.results?.kind === 'query' ? { ...state, results: { ...state.results, place: action.place } } : state;
  }
}
