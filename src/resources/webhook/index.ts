/** Webhooks: the generic list, add and edit pages; their own page adds a test button and the delivery log. */
import type { ResourceScreens } from '../resource-screens';
import { WebhookShow } from './WebhookShow';

const webhook: ResourceScreens = { show: WebhookShow };

export default webhook;
