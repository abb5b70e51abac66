/** The kinds of record a goal can count, as the goal form groups its types. */
import type { DocumentType } from '../../../../providers/program-calls';
import type { MessageKey } from '../../../../i18n/catalogue';

export const KIND_LABELS: Record<DocumentType, MessageKey> = {
  BENEFICIARY: 'app.program.goals.kind_beneficiary',
  LOCATION: 'app.program.goals.kind_location',
  EVENT: 'app.program.goals.kind_event',
  SURVEY: 'app.program.goals.kind_survey',
  CASE: 'app.program.goals.kind_case',
};
