/**
 * The generic resources that do something the plain CRUD plugin does not (crud/overrides.ts says
 * what an override may do), one entry each, handed by each server to its generic routes.
 */
import type { ResourceOverrides } from './crud/overrides.ts';
import { permissionFileOverride } from './permission-files/permission-file-routes.ts';
import { webhookOverride } from './webhooks/webhook-routes.ts';

export const RESOURCE_OVERRIDES: ResourceOverrides = {
  // Added and changed with a multipart upload; its file is answered by GET /permission/{id}/file.
  permission_file: permissionFileOverride,
  // URLs checked, the secret never answered; a test ping, the delivery log and "send again".
  webhook: webhookOverride,
};
