import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { usePendingNotifications } from '../../components/notifications/api';
import type { NavItem } from './nav-items';

function isActive(to: string, pathname: string, hash: string): boolean {
  if (to.includes('#')) return `${pathname}${hash}` === to;
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

interface SideMenuProps {
  items: readonly NavItem[];
  onNavigate?: () => void;
}

export function SideMenu({ items, onNavigate }: SideMenuProps) {
  const { pathname, hash } = useLocation();
  return (
    <Stack gap={4}>
      {items.map((item) => {
        const active = isActive(item.to, pathname, hash);
        return (
          <NavLink
            key={`${item.label}-${item.to}`}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
            rightSection={item.pendingBadge ? <PendingBadge /> : null}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            onClick={onNavigate}
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        );
      })}
    </Stack>
  );
}

/**
 * The pending items' count subscribes on its own: their list arrives after the page, and read in
 * the layout it re-rendered the header and the whole menu in one task (decision 014).
 */
function PendingBadge() {
  const { data } = usePendingNotifications();
  return <CountBadge count={data?.length ?? 0} label="pendentes" />;
}
