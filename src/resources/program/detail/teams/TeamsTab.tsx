/**
 * Teams (spec 2 §4): program heads first, then members, each with photo, name and designation; a
 * 'Program head' checkbox moves a person between the two lists; remove asks first; add picks an
 * active user. Changing the team is a program edit: can_manage_program_team, unlocked, inside the
 * editing window. 5, 10, 25 or All a page.
 */
import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/PersonRemoveOutlined';
import { programCalls, type FullProgram } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { DetailPager } from '../parts/DetailPager';
import { usePaged } from '../parts/paging';
import { EmptyRow } from '../parts/EmptyRow';
import { ConfirmRemove } from '../parts/ConfirmRemove';
import { TabHeading } from '../parts/TabHeading';
import { MemberLine } from '../parts/MemberLine';
import { fullName } from '../parts/avatars';
import { useProgramAction } from '../parts/use-program-action';
import { teamRows, type TeamRow } from './team-rows';
import { useActiveUsers } from './use-active-users';
import { AddMemberDialog } from './AddMemberDialog';
import { useT } from '../../../../i18n/use-t';

export const TeamsTab = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const mayManage = access.can('can_manage_program_team') && access.mayChange;
  const users = useActiveUsers(mayManage);
  const builtin = new Set((users.data ?? []).filter((u) => u.builtin).map((u) => u._id));
  const rows = teamRows(program);
  const paged = usePaged(rows);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamRow | null>(null);
  const action = useProgramAction(program._id);

  const toggleHead = (row: TeamRow) =>
    action.run(() => programCalls.setProgramHead(program._id, row.member._id, !row.head), {
      success: 'app.program.teams.head_changed',
    });
  const remove = async (row: TeamRow) => {
    await action.run(() => programCalls.removeTeamMember(program._id, row.member._id), {
      success: 'app.program.teams.removed',
      failure: 'app.program.teams.remove_failed',
    });
    setRemoving(null);
  };

  return (
    <>
      <TabHeading
        title={t('app.program.overview.team')}
        action={
          mayManage && (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
              {t('app.program.teams.add')}
            </Button>
          )
        }
      />
      <Card variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('app.program.overview.team')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('app.program.teams.member')}</TableCell>
                <TableCell align="center" sx={{ width: 120, whiteSpace: 'nowrap' }}>
                  {t('app.program.common.program_head')}
                </TableCell>
                {mayManage && <TableCell align="right" sx={{ width: 64 }} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {paged.rows.map((row) => {
                const name = fullName(row.member);
                const mayBeHead = !builtin.has(row.member._id);
                return (
                  <TableRow key={row.member._id} hover>
                    <TableCell>
                      <MemberLine member={row.member} />
                    </TableCell>
                    <TableCell align="center">
                      <Tooltip title={mayManage && !mayBeHead && !row.head ? t('app.program.teams.builtin_not_head') : ''}>
                        <span>
                          <Checkbox
                            checked={row.head}
                            disabled={!mayManage || action.busy || (!mayBeHead && !row.head)}
                            onChange={() => void toggleHead(row)}
                            slotProps={{ input: { 'aria-label': t('app.program.teams.head_of', { name }) } }}
                          />
                        </span>
                      </Tooltip>
                    </TableCell>
                    {mayManage && (
                      <TableCell align="right">
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t('app.program.common.remove_name', { name })}
                          onClick={() => setRemoving(row)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
              {!paged.count && <EmptyRow columns={3} text={t('app.program.common.no_team_member')} />}
            </TableBody>
          </Table>
        </TableContainer>
        <DetailPager paged={paged} label={t('app.program.teams.per_page')} withAll />
      </Card>
      <AddMemberDialog
        program={program}
        open={adding}
        users={users.data}
        usersError={users.error}
        usersLoading={users.isPending}
        onClose={() => setAdding(false)}
      />
      <ConfirmRemove
        open={removing !== null}
        title={t('app.program.teams.remove_title')}
        content={removing ? t('app.program.teams.remove_content', { name: fullName(removing.member) }) : ''}
        busy={action.busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
