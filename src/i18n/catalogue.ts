/**
 * The shape every language's catalogue has: English's, with a text at each leaf. A language
 * typed `Catalogue` that lacks a key English has fails the type check.
 */
import type { en } from './en';

/** The same keys as T, each leaf a string. */
export type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export type Catalogue = Strings<typeof en>;

/** The dotted keys of T's leaves, each prefixed with P. */
type Paths<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the app's own messages (checked by the type checker), or of the catalogues filled elsewhere. */
export type MessageKey =
  Paths<(typeof en)['app'], 'app.'> | `ra.${string}` | `resources.${string}` | `schemas.${string}` | `errors.${string}`;
