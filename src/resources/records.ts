/** Records as react-admin holds them: the generated types, with the id react-admin keys records by. */
import type { Role, User } from '@model/generated';

export type RecordOf<T> = T & { id: string };

export type UserRecord = RecordOf<User>;
export type RoleRecord = RecordOf<Role>;
