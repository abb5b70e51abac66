/** The Data Explorer's words, as spec 1 §2, §5 and §8 give them (the rest are ours, said once here). */
export const EXPLORER_TEXT = {
  title: 'Data Explorer',
  heading: 'Explore data with Fieldbase',
  program: 'Select Program',
  module: 'Select Module',
  documentType: 'Select Document Type',
  query: 'Query Data',
  help: 'Use the filters above to query all documents in any program. You will be able to export all data to CSV format once the query is complete.',
  searchLabel: 'Search for a specific document',
  searchPlaceholder: 'Enter Document ID',
  search: 'Search',
  noDocument: 'No document found',
  total: 'Total number of Documents:',
  export: 'Export Documents',
  perPage: 'Documents per page',
  exportReceived: 'We have received your request, you will receive an email shortly to download the report.',
  noPermission: "You don't have permission to explore data",
  downloads: 'Downloads',
  from: 'Submitted from',
  to: 'Submitted to',
  backwardsRange: 'Submitted to must not be before Submitted from',
  submitter: 'Submitted by',
  anyone: 'Anyone',
  processedState: 'Processed',
  processedAny: 'Processed or not',
  processedOnly: 'Processed only',
  notProcessedOnly: 'Not processed only',
  columns: 'Columns',
  markProcessed: 'Mark as processed',
  lastPage: 'Go to last page',
  exportIgnoresFilters:
    'Export Documents exports every document of the program, module and type: the date, submitter and processed filters do not apply to it.',
} as const;

const thousands = new Intl.NumberFormat('en-US');

/** 412377 → "412,377". */
export const formatCount = (n: number) => thousands.format(n);
