/** A user as react-admin holds it: the generated type, with the id react-admin keys records by. */
import type { User } from '@model/generated';

export type UserRecord = User & { id: string };
