/** The window's inner width, following resizes (the carousel's breakpoints are the window's, spec 2 §9). */
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export const useWindowWidth = () => useSyncExternalStore(subscribe, () => window.innerWidth);
