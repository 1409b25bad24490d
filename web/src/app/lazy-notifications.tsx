import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Notifications = lazy(() =>
  import('./notifications-outlet').then((module) => ({ default: module.Notifications })),
);

/**
 * Mantine's notification stack, mounted the first time something is shown: most first visits
 * show none, and its transitions and portal were part of every page's first file and render.
 * `notifications.show` keeps what it is given in the store until the stack mounts and shows it.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
