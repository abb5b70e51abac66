/** The kinds of record a goal can count, as the goal form groups its types. */
import type { DocumentType } from '../../../../providers/program-calls';

export const KIND_LABELS: Record<DocumentType, string> = {
  BENEFICIARY: 'Beneficiary',
  LOCATION: 'Location',
  EVENT: 'Event',
  SURVEY: 'Survey',
  CASE: 'Case',
};
