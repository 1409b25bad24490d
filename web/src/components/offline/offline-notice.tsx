import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatShortMoment } from '../../lib/dates';
import { storedAt } from '../../device/stored';
import { useOnline } from '../../offline/use-online';

/** When the oldest answer on screen that came from the device's store was stored; or null. */
function oldestStoredOnScreen(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0) continue;
    const at = storedAt(query.state.data);
    if (at !== undefined && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * 'Sem conexão — dados de 28/11 às 14:32': the page shows what this device stored, from then, as
 * the server could not be reached; 'Sem conexão' alone when nothing on it came from the store.
 */
export function OfflineNotice() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const oldest = useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => oldestStoredOnScreen(queryClient),
    () => null,
  );
  if (online && oldest === null) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      radius={0}
      py="xs"
      icon={<IconCloudOff size={18} aria-hidden />}
    >
      {oldest === null ? 'Sem conexão' : `Sem conexão — dados de ${formatShortMoment(oldest)}`}
    </Alert>
  );
}
