/**
 * Program Overview: name, heads and description (dashes when empty). Its edit links lead to
 * /program/edit/{id}: the first only for a role with can_edit_document (spec 2 §6), both only
 * with can_edit_program and while a change would be accepted. 'Program Details' opens the same
 * page, where Update follows the editing window; 'Access Program Reports' the program's report.
 * A role lacking a flag is told which one.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import AssessmentIcon from '@mui/icons-material/Assessment';
import type { FullProgram } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { fullName } from '../parts/avatars';
import { OverviewCard } from './OverviewCard';
import { useT } from '../../../../i18n/use-t';

const EMPTY = '---';

const EditLink = ({ to, label }: { to: string; label: string }) => (
  <Tooltip title={label}>
    <IconButton component={RouterLink} to={to} size="small" aria-label={label}>
      <EditIcon fontSize="small" />
    </IconButton>
  </Tooltip>
);

const Entry = ({ label, action, children }: { label: string; action?: React.ReactNode; children: React.ReactNode }) => (
  <Box sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 28 }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      {action}
    </Box>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {children}
    </Typography>
  </Box>
);

export const ProgramOverviewCard = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const editPath = `/program/edit/${encodeURIComponent(program._id)}`;
  const mayEdit = access.can('can_edit_program') && access.mayChange;
  const heads = program.program_head.map(fullName).join(', ');
  // The lock and the editing window are explained above the tabs (AccessNotes); here, the flags.
  const lacking = !access.can('can_edit_program')
    ? t('app.program.access.cannot_edit_flag', { flag: 'can_edit_program' })
    : !access.can('can_edit_document')
      ? t('app.program.access.cannot_edit_name_flag', { flag: 'can_edit_document' })
      : null;
  return (
    <OverviewCard
      title={t('app.program.overview.program_overview')}
      action={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={editPath} size="small" variant="outlined" startIcon={<InfoIcon />}>
            {t('app.program.overview.program_details')}
          </Button>
          <Button
            component={RouterLink}
            to={`/program/${encodeURIComponent(program._id)}/report`}
            size="small"
            variant="outlined"
            startIcon={<AssessmentIcon />}
          >
            {t('app.program.overview.program_reports')}
          </Button>
        </Box>
      }
    >
      <Entry
        label={t('app.program.common.name')}
        action={mayEdit && access.can('can_edit_document') && <EditLink to={editPath} label={t('app.program.overview.edit_program')} />}
      >
        {program.name || EMPTY}
      </Entry>
      <Entry
        label={t('resources.program.fields.program_head')}
        action={mayEdit && <EditLink to={editPath} label={t('app.program.overview.edit_heads')} />}
      >
        {heads || EMPTY}
      </Entry>
      <Entry label={t('resources.program.fields.description')}>{program.description?.trim() || EMPTY}</Entry>
      {lacking && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1, fontStyle: 'italic' }}>
          {lacking}
        </Typography>
      )}
    </OverviewCard>
  );
};
