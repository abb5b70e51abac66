/**
 * What the explorer's filters hold and what they show (spec 1 §2): choosing a program clears the
 * module, the document type, the document id and the results; choosing a module clears the
 * type; 'Query Data' shows the first page of the chosen query; a search shows one document, and
 * an empty search box does nothing. Paging moves within the query shown.
 */
import type { DocumentModule } from '@model/documents/modules';
import type { DocumentsQuery, DocumentTypeOption, ExplorerProgram, PagePlace } from '../providers/explorer-calls';

export type Results = { kind: 'query'; query: DocumentsQuery; place: PagePlace } | { kind: 'document'; id: string } | null;

export interface ExplorerState {
  program: ExplorerProgram | null;
  module: DocumentModule | null;
  type: DocumentTypeOption | null;
  /** The search box's text. */
  documentId: string;
  results: Results;
}

export type ExplorerAction =
  | { kind: 'program'; program: ExplorerProgram | null }
  | { kind: 'module'; module: DocumentModule | null }
  | { kind: 'type'; type: DocumentTypeOption | null }
  | { kind: 'documentId'; text: string }
  | { kind: 'query' }
  | { kind: 'search' }
  | { kind: 'page'; place: PagePlace };

export const initialExplorerState: ExplorerState = { program: null, module: null, type: null, documentId: '', results: null };

export function explorerReducer(state: ExplorerState, action: ExplorerAction): ExplorerState {
  switch (action.kind) {
    case 'program':
      return { ...initialExplorerState, program: action.program };
    case 'module':
      return { ...state, module: action.module, type: null };
    case 'type':
      return { ...state, type: action.type };
    case 'documentId':
      return { ...state, documentId: action.text };
    case 'query': {
      if (!state.program || !state.module) return state;
      const query: DocumentsQuery = { program_slug: state.program.name_slug, module_name: state.module };
      if (state.type) Object.assign(query, { doc_id: state.type._id, doc_name: state.type.name });
      return { ...state, results: { kind: 'query', query, place: { pageNo: 0 } } };
    }
    case 'search': {
      const id = state.documentId.trim();
      return id ? { ...state, results: { kind: 'document', id } } : state;
    }
    case 'page':
      return state.results?.kind === 'query' ? { ...state, results: { ...state.results, place: action.place } } : state;
  }
}
