import type { Strings } from '../catalogue';
import type { documents as english } from '../en/documents';

export const documents: Strings<typeof english> = {};
