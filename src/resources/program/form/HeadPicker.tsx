/**
 * Program heads (spec 2 §5): a multi-select of the active users, never the built-in admin
 * account (it runs the installation and cannot head a program). A head already chosen who is no
 * longer active stays visible, marked, so the person editing can take them off.
 * The menu is 224 px high at most and 250 px wide (spec 2 §9). The choices are the users list:
 * a role that may not read users (can_get_user) is not sent asking for it, and is told why the
 * heads cannot be changed here.
 */
import { SelectArrayInput, useGetList, useGetMany, usePermissions, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { User } from '@model/generated';
import { ALL_ROWS } from '../../../providers/server-data-provider';
import type { RoleFlags } from '../../../session/session-store';
import { useT } from '../../../i18n/use-t';

export const HEAD_MENU = { maxHeight: 224, width: 250 };

type UserRow = User & { id: string; builtin?: boolean };

const fullName = (u: Pick<User, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();

/** Users who may head a program: the built-in admin account is never one. */
export const headCandidates = (users: UserRow[]) => users.filter((u) => u.builtin !== true);

export const HeadPicker = ({ validate }: { validate: Validator[] }) => {
  const t = useT();
  const chosen = (useWatch({ name: 'program_head' }) as string[] | undefined) ?? [];
  const { permissions, isPending: flagsPending } = usePermissions<RoleFlags>();
  const mayReadUsers = permissions?.can_get_user === true;
  const { data: users = [], isPending: usersPending } = useGetList<UserRow>(
    'user',
    { pagination: { page: 1, perPage: ALL_ROWS }, sort: { field: 'first_name', order: 'ASC' }, filter: { status: true } },
    { enabled: mayReadUsers },
  );
  const isPending = flagsPending || (mayReadUsers && usersPending);
  const candidates = headCandidates(users);
  const missing = isPending || !mayReadUsers ? [] : chosen.filter((id) => !candidates.some((u) => u.id === id));
  const { data: others = [] } = useGetMany<UserRow>('user', { ids: missing }, { enabled: missing.length > 0 });
  const cannotList = !flagsPending && !mayReadUsers;
  const choices = [
    ...candidates.map((u) => ({ id: u.id, name: fullName(u) })),
    ...others.map((u) => ({ id: u.id, name: t('app.program.form.head_inactive', { name: fullName(u) }) })),
  ];

  return (
    <SelectArrayInput
      source="program_head"
      label={t('resources.program.fields.program_head')}
      choices={choices}
      isPending={isPending}
      validate={validate}
      fullWidth
      readOnly={cannotList}
      helperText={cannotList ? t('app.program.form.no_user_list') : undefined}
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
