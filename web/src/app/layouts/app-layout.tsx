import { lazy, memo, Suspense, useMemo } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { OfflineNotice } from '../../components/offline/offline-notice';
import { SiteFooter } from '../../components/site-footer';
import { useSession } from '../../session';
import { AppHeader } from './app-header';
import { mobileMenuFor, sideMenuFor } from './nav-items';
import { SideMenu } from './side-menu';
import { SideMenuContext, type SideMenuControl } from '../../components/side-menu-context';
import classes from './app-layout.module.css';

// What a phone's signed-in header has no room for, under it: its code comes with the session.
const OutboxStrip = lazy(() =>
  import('../../components/offline/outbox-status').then((module) => ({
    default: module.OutboxStatus,
  })),
);

/** Spec §1/§9: the fixed header is 80 px high. */
export const HEADER_HEIGHT = 80;
const NAVBAR_WIDTH = 280;
/** Mantine's `md`, where the side menu stops being a drawer. */
const DESKTOP_QUERY = '(min-width: 62em)';

/** Header, side menu by role and footer around every page but the full-screen ones (login). */
export function AppLayout() {
  const { user } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  // False until the browser says otherwise, as the server rendered it: a phone's first render
  // after hydration then changes nothing.
  const isDesktop = useMediaQuery(DESKTOP_QUERY, false);

  const sideItems = user ? sideMenuFor(user.role) : [];
  const mobileItems = user ? mobileMenuFor(user.role) : [];
  const hasMenu = mobileItems.length > 0;
  const hasDesktopMenu = sideItems.length > 0;
  const desktopHidden = !hasDesktopMenu || !desktopOpened;

  const sideMenu = useMemo<SideMenuControl | null>(() => {
    if (isDesktop) return hasDesktopMenu ? { opened: desktopOpened, toggle: toggleDesktop } : null;
    return hasMenu ? { opened, toggle } : null;
  }, [isDesktop, hasDesktopMenu, desktopOpened, toggleDesktop, hasMenu, opened, toggle]);

  return (
    <SideMenuContext value={sideMenu}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={
          hasMenu
            ? {
                width: NAVBAR_WIDTH,
                breakpoint: 'md',
                collapsed: { mobile: !opened, desktop: desktopHidden },
              }
            : undefined
        }
        padding={0}
      >
        <a href="#conteudo" className={classes.skipLink}>
          Pular para o conteúdo
        </a>
        <AppShell.Header>
          <AppHeader menu={hasMenu ? { opened, toggle } : undefined} />
        </AppShell.Header>
        {hasMenu && (
          <AppShell.Navbar
            p="sm"
            aria-label="Menu lateral"
            className={classes.navbar}
            data-mobile-closed={!opened || undefined}
            data-desktop-hidden={desktopHidden || undefined}
          >
            <SideMenu items={sideItems.length > 0 ? sideItems : mobileItems} onNavigate={close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id="conteudo" className={classes.main}>
          {user && (
            <Suspense fallback={null}>
              <OutboxStrip variant="strip" />
            </Suspense>
          )}
          <OfflineNotice />
          <div className={classes.page}>
            <Page />
          </div>
          <SiteFooter />
        </AppShell.Main>
      </AppShell>
    </SideMenuContext>
  );
}

/**
 * The route's page, apart from the layout's own state: opening the menu, or the media query
 * answering after hydration, re-renders the header and menus, not the whole page under them.
 */
const Page = memo(function Page() {
  return <Outlet />;
});
