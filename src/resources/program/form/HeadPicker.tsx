/**
 * Program heads (spec 2 §5): a multi-select of the active users, never the built-in admin
 * account (it runs the installation and cannot head a program). A head already chosen who is no
 * longer active stays visible, marked, so the person editing can take them off.
 * The menu is 224 px high at most and 250 px wide (spec 2 §9).
 */
import { SelectArrayInput, useGetList, useGetMany, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { User } from '@model/generated';
import { ALL_ROWS } from '../../../providers/server-data-provider';

export const HEAD_MENU = { maxHeight: 224, width: 250 };

type UserRow = User & { id: string; builtin?: boolean };

const fullName = (u: Pick<User, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();

/** Users who may head a program: the built-in admin account is never one. */
export const headCandidates = (users: UserRow[]) => users.filter((u) => u.builtin !== true);

export const HeadPicker = ({ validate }: { validate: Validator[] }) => {
  const chosen = (useWatch({ name: 'program_head' }) as string[] | undefined) ?? [];
  const { data: users = [], isPending } = useGetList<UserRow>('user', {
    pagination: { page: 1, perPage: ALL_ROWS },
    sort: { field: 'first_name', order: 'ASC' },
    filter: { status: true },
  });
  const candidates = headCandidates(users);
  const missing = isPending ? [] : chosen.filter((id) => !candidates.some((u) => u.id === id));
  const { data: others = [] } = useGetMany<UserRow>('user', { ids: missing }, { enabled: missing.length > 0 });
  const choices = [
    ...candidates.map((u) => ({ id: u.id, name: fullName(u) })),
    ...others.map((u) => ({ id: u.id, name: `${fullName(u)} (inactive)` })),
  ];

  return (
    <SelectArrayInput
      source="program_head"
      label="Program heads"
      choices={choices}
      isPending={isPending}
      validate={validate}
      fullWidth
      // autoWidth: the menu keeps the spec's 250 px instead of stretching to the field's width; it opens under the field's start.
      options={{
        autoWidth: true,
        MenuProps: {
          anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
          transformOrigin: { vertical: 'top', horizontal: 'left' },
          slotProps: { paper: { sx: HEAD_MENU } },
        },
      }}
    />
  );
};
