/**
 * Active users, for the add-member picker and to know the built-in admin account (which cannot be
 * a program head). Read only for a role that may change the team.
 */
import { useGetList, type RaRecord } from 'react-admin';
import { ALL_ROWS } from '../../../../providers/server-data-provider';

export type UserOption = RaRecord & {
  _id: string;
  first_name: string;
  last_name: string;
  email?: string;
  builtin?: boolean;
  designation?: { name?: string } | string | null;
};

export function useActiveUsers(enabled: boolean) {
  return useGetList<UserOption>(
    'user',
    { pagination: { page: 1, perPage: ALL_ROWS }, sort: { field: 'first_name', order: 'ASC' }, filter: { status: true } },
    { enabled },
  );
}
