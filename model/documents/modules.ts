/**
 * The five program modules documents are filled in, and what each one means elsewhere: the
 * document type the spec's calls name it by (`doc_type`), the program's list of attached type
 * records, the generic resource holding those records, and the key the document answer names
 * its type record under (`beneficiary_type_name`…). One table, read by the servers and the
 * console alike. ('permission' is a program module too, but it holds files, not documents.)
 */
export const DOCUMENT_MODULES = ['beneficiaries', 'locations', 'events', 'cases', 'surveys'] as const;
export type DocumentModule = (typeof DOCUMENT_MODULES)[number];

export type DocType = 'BENEFICIARY' | 'LOCATION' | 'EVENT' | 'SURVEY' | 'CASE';

export interface ModuleKind {
  docType: DocType;
  /** The program's jsonb list of attached type ids (programs table). */
  typeList: 'beneficiary_types' | 'location_types' | 'event_types' | 'survey_types' | 'case_types';
  /** The generic resource (and table) of its type records. */
  typeResource: 'beneficiary_type' | 'location_type' | 'event_type' | 'survey_type' | 'case_type';
  /** The document answer's key for its type record's name (spec 1 §3). */
  typeNameKey: 'beneficiary_type_name' | 'location_type_name' | 'event_type_name' | 'survey_type_name' | 'case_type_name';
  /** As menus and headings show the module. */
  label: string;
}

export const MODULE_KINDS: Record<DocumentModule, ModuleKind> = {
  beneficiaries: {
    docType: 'BENEFICIARY',
    typeList: 'beneficiary_types',
    typeResource: 'beneficiary_type',
    typeNameKey: 'beneficiary_type_name',
    label: 'Beneficiaries',
  },
  locations: {
    docType: 'LOCATION',
    typeList: 'location_types',
    typeResource: 'location_type',
    typeNameKey: 'location_type_name',
    label: 'Locations',
  },
  events: { docType: 'EVENT', typeList: 'event_types', typeResource: 'event_type', typeNameKey: 'event_type_name', label: 'Events' },
  cases: { docType: 'CASE', typeList: 'case_types', typeResource: 'case_type', typeNameKey: 'case_type_name', label: 'Cases' },
  surveys: { docType: 'SURVEY', typeList: 'survey_types', typeResource: 'survey_type', typeNameKey: 'survey_type_name', label: 'Surveys' },
};

export const isDocumentModule = (value: unknown): value is DocumentModule =>
  typeof value === 'string' && (DOCUMENT_MODULES as readonly string[]).includes(value);

/** spec 1 §7: events gives EVENT, cases CASE…, anything else the empty string. */
export const docTypeOf = (module: string): DocType | '' => (isDocumentModule(module) ? MODULE_KINDS[module].docType : '');

export const moduleOfDocType = (docType: string): DocumentModule | undefined =>
  DOCUMENT_MODULES.find((m) => MODULE_KINDS[m].docType === docType);
