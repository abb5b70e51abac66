import type { Strings } from '../catalogue';
import type { audit as english } from '../en/audit';

export const audit: Strings<typeof english> = {};
