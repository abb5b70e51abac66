import type { Strings } from '../catalogue';
import type { people as english } from '../en/people';

export const people: Strings<typeof english> = {};
