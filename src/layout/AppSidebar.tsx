/**
 * react-admin keeps one "menu open" state for both widths: open on a desktop means the phone
 * layout's menu drawer opens too, so narrowing a window (or turning a tablet) put a modal drawer
 * over the page and left the page hidden from screen readers (`aria-hidden` on the root) until a
 * reload. Here the menu is closed on entering phone width (drawn closed from the first phone
 * render, so the modal never opens) and comes back as it was on leaving it.
 */
import { useEffect, useState } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';

export function AppSidebar(props: SidebarProps) {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const [drawnAsPhone, setDrawnAsPhone] = useState(isPhone);
  const [desktopOpen, setDesktopOpen] = useState(open);
  // What the stored state is to become after a change of width; drawn so from the first render.
  const [target, setTarget] = useState<boolean | null>(null);
  if (drawnAsPhone !== isPhone) {
    setDrawnAsPhone(isPhone);
    if (isPhone) setDesktopOpen(open);
    setTarget(isPhone ? false : desktopOpen);
  }
  if (target !== null && open === target) setTarget(null);
  useEffect(() => {
    if (target !== null) setOpen(target);
  }, [target, setOpen]);
  return <Sidebar {...props} {...(target !== null ? { open: target } : {})} />;
}
