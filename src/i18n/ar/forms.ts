import type { Strings } from '../catalogue';
import type { forms as english } from '../en/forms';

export const forms: Strings<typeof english> = {};
