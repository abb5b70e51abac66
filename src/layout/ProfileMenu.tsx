/** The avatar button and its menu: who is signed in, and Logout (behind a confirmation). */
import { useState } from 'react';
import { Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useNavigate } from 'react-router-dom';
import { useIdentity } from '../session/identity';
import { initials, UserAvatar } from './UserAvatar';
import { LogoutConfirm } from './LogoutConfirm';
import { useT } from '../i18n/use-t';
import { LanguageItems } from './LanguageItems';

export const ProfileMenu = () => {
  const identity = useIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const t = useT();
  // The initials the avatar shows are part of the button's name, so a voice command saying them reaches it.
  const shown = identity?.avatar ? '' : initials(identity?.fullName);
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={shown ? t('app.shell.header.profile_menu_initials', { initials: shown }) : t('app.shell.header.profile_menu')}
        sx={{ ml: 1 }}
      >
        <UserAvatar />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
          <Typography sx={{ fontWeight: 600 }}>{identity?.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {identity?.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {identity?.roleName}
          </Typography>
        </Box>
        <Divider />
        {/* Spec 1 §2: 'Profile' opens the current user's edit page. */}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(`/user/edit/${identity?.id}`);
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('app.shell.profile.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('app.shell.profile.logout')}
        </MenuItem>
        <LanguageItems onChosen={() => setAnchor(null)} />
      </Menu>
      <LogoutConfirm open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
};
