/** The frame of a generic record page (add, edit, show), and the gate in front of it. */
import type { ReactNode } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { CanAccess } from 'react-admin';
import { NoPermission } from './NoPermission';
import { useT } from '../../i18n/use-t';

/** The page, only for a role that may take this action on the resource (the server checks again). */
export const PageAccess = ({
  resource,
  action,
  denied,
  children,
}: {
  resource: string;
  action: 'create' | 'edit' | 'show';
  denied: string;
  children: ReactNode;
}) => {
  const t = useT();
  return (
    <CanAccess
      resource={resource}
      action={action}
      loading={<CircularProgress sx={{ m: 4 }} aria-label={t('app.records.form.loading')} />}
      accessDenied={<NoPermission message={denied} />}
    >
      {children}
    </CanAccess>
  );
};

interface RecordPageFrameProps {
  title: ReactNode;
  /** A small line above the title (what kind of record this is). */
  overline?: string;
  actions?: ReactNode;
  /** The widest the page grows (a form reads better narrower than a page of fields). */
  maxWidth?: number;
  children: ReactNode;
}

/** A heading (with the page's actions at its right) over the page's card. */
export const RecordPageFrame = ({ title, overline, actions, maxWidth = 880, children }: RecordPageFrameProps) => (
  <Box sx={{ py: 2, maxWidth }}>
    <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Box sx={{ minWidth: 0 }}>
        {overline && (
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
    {children}
  </Box>
);
