/** `@model/...` and `@schemas/...` as tsconfig's `paths` maps them (for tsc and tsx), for every Vitest config. */
import { fileURLToPath } from 'node:url';

export const modelAlias = {
  '@model': fileURLToPath(new URL('../../model', import.meta.url)),
  '@schemas': fileURLToPath(new URL('../../schemas', import.meta.url)),
};
