/** `@model/...` as tsconfig's `paths` maps it (for tsc and tsx), for every Vitest config. */
import { fileURLToPath } from 'node:url';

export const modelAlias = { '@model': fileURLToPath(new URL('../../model', import.meta.url)) };
