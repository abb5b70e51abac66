import type { Strings } from '../catalogue';
import type { program as english } from '../en/program';

export const program: Strings<typeof english> = {};
