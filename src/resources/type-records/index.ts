/** The type records' screens where they differ from the generic ones, by map name. */
import type { ResourceScreens } from '../resource-screens';
import { beneficiaryType } from './beneficiary-type';
import { eventType } from './event-type';
import { permissionFile } from './permission-file';

const typeRecords: Record<string, ResourceScreens> = {
  beneficiary_type: beneficiaryType,
  event_type: eventType,
  permission_file: permissionFile,
};

export default typeRecords;
