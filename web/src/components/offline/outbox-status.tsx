import { lazy, Suspense, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { isPending, useOutboxItems } from '../../offline/use-outbox';

const OutboxDrawer = lazy(() =>
  import('./outbox-drawer').then((module) => ({ default: module.OutboxDrawer })),
);

/** '3 aguardando envio', or the conflicts and refusals waiting for the user's choice. */
export function outboxSummary(pending: number, attention: number): string {
  const parts: string[] = [];
  if (pending > 0) parts.push(`${pending} aguardando envio`);
  if (attention > 0)
    parts.push(attention === 1 ? '1 precisa de você' : `${attention} precisam de você`);
  return parts.join(' · ');
}

/**
 * The header's word on what this device still has to send: nothing when the outbox is empty,
 * '3 aguardando envio' otherwise (a conflict in red), opening the list of every item and its state.
 */
export function OutboxStatus() {
  const items = useOutboxItems();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  if (items.length === 0 && !used) return null;
  const pending = items.filter(isPending).length;
  const attention = items.length - pending;
  const summary = outboxSummary(pending, attention);
  return (
    <>
      {items.length > 0 && (
        <Button
          variant="light"
          color={attention > 0 ? 'red' : 'yellow'}
          c={attention > 0 ? 'red.9' : 'dark'}
          size="compact-sm"
          px={8}
          leftSection={
            attention > 0 ? (
              <IconAlertTriangle size={16} aria-hidden />
            ) : (
              <IconCloudUpload size={16} aria-hidden />
            )
          }
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
          aria-label={summary}
        >
          {/* The count alone on a phone's header, beside the bell and the menu. */}
          <Text span size="sm" fw={600} visibleFrom="sm">
            {summary}
          </Text>
          <Text span size="sm" fw={600} hiddenFrom="sm">
            {pending + attention}
          </Text>
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <OutboxDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
