import { lazy, Suspense, useState } from 'react';
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
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
 * '3 aguardando envio' otherwise (a conflict in red), opening the list of every item and its
 * state. In the header itself from a tablet up (`header`); on a phone, whose header holds the
 * menu, the brand, the bell and the account already, as a strip right under it (`strip`).
 */
export function OutboxStatus({ variant }: { variant: 'header' | 'strip' }) {
  const items = useOutboxItems();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  if (items.length === 0 && !used) return null;
  const pending = items.filter(isPending).length;
  const attention = items.length - pending;
  const summary = outboxSummary(pending, attention);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  const icon =
    attention > 0 ? (
      <IconAlertTriangle size={16} aria-hidden />
    ) : (
      <IconCloudUpload size={16} aria-hidden />
    );
  return (
    <>
      {items.length > 0 &&
        (variant === 'header' ? (
          <Button
            visibleFrom="sm"
            variant="light"
            color={attention > 0 ? 'red' : 'yellow'}
            size="compact-sm"
            leftSection={icon}
            onClick={open}
          >
            {summary}
          </Button>
        ) : (
          <UnstyledButton
            hiddenFrom="sm"
            onClick={open}
            w="100%"
            px="sm"
            py={6}
            bg={attention > 0 ? 'red.0' : 'yellow.0'}
            c={attention > 0 ? 'red.9' : 'dark'}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group gap={6} wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap">
                {icon}
                <Text span size="sm" fw={600}>
                  {summary}
                </Text>
              </Group>
              <Text span size="sm" td="underline">
                Ver lista
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      {used && (
        <Suspense fallback={null}>
          <OutboxDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
