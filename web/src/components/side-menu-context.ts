import { createContext, useContext } from 'react';

export interface SideMenuControl {
  opened: boolean;
  toggle: () => void;
}

export const SideMenuContext = createContext<SideMenuControl | null>(null);

/**
 * The app's side menu as shown at the current screen size, for pages that offer their own
 * toggle (the profile's top bar); null when there is none (producers on a large screen, or a
 * page outside AppLayout).
 */
export function useSideMenu(): SideMenuControl | null {
  return useContext(SideMenuContext);
}
