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
import { AddMemberDialog, BUILTIN_HEAD_NOTE } from './AddMemberDialog';

export const TeamsTab = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
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
      success: 'Change program head status successfully',
    });
  const remove = async (row: TeamRow) => {
    await action.run(() => programCalls.removeTeamMember(program._id, row.member._id), {
      success: 'Deleted Team Member Successfully',
      failure: 'Error in Delete Team Member',
    });
    setRemoving(null);
  };

  return (
    <>
      <TabHeading
        title="Team"
        action={
          mayManage && (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
              Add Team Member
            </Button>
          )
        }
      />
      <Card variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Team">
            <TableHead>
              <TableRow>
                <TableCell>Member</TableCell>
                <TableCell align="center" sx={{ width: 120, whiteSpace: 'nowrap' }}>
                  Program head
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
                      <Tooltip title={mayManage && !mayBeHead && !row.head ? BUILTIN_HEAD_NOTE : ''}>
                        <span>
                          <Checkbox
                            checked={row.head}
                            disabled={!mayManage || action.busy || (!mayBeHead && !row.head)}
                            onChange={() => void toggleHead(row)}
                            slotProps={{ input: { 'aria-label': `Program head: ${name}` } }}
                          />
                        </span>
                      </Tooltip>
                    </TableCell>
                    {mayManage && (
                      <TableCell align="right">
                        <IconButton size="small" color="error" aria-label={`Remove ${name}`} onClick={() => setRemoving(row)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
              {!paged.count && <EmptyRow columns={3} text="No team member found" />}
            </TableBody>
          </Table>
        </TableContainer>
        <DetailPager paged={paged} label="Members per page" withAll />
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
        title="Remove Team Member"
        content={removing ? `${fullName(removing.member)} will be taken off this program.` : ''}
        busy={action.busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
