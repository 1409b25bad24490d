import { loadParts } from '../lib/lazy-part';

/**
 * The signed-in header's menus, lazy parts of the app's header (their popovers, Floating UI, are
 * most of a visitor's first screen otherwise), named here so that the sign-in page can ask for
 * them ahead.
 */
export const ACCOUNT_MENU_PARTS = { bell: 'notification-bell', userMenu: 'user-menu' } as const;

/**
 * Starts fetching the signed-in header's menus while a sign-in is under way, so they are there
 * when the session is: otherwise the header shows the account's links beside a spinner for as long
 * as their files take (seconds on a slow link or a busy server). A failure is left to the menus'
 * own loading, which shows it.
 */
export function preloadAccountMenus(): void {
  void loadParts(Object.values(ACCOUNT_MENU_PARTS));
}
