import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatShortMoment } from '../../lib/dates';
import { describeCurrent, type Line } from '../../offline/describe';
import { applyAgain, discard, retryNow, type OutboxItem } from '../../offline/outbox';
import { accountOf } from '../../device/account';
import { flushOutbox } from '../../offline/runner';
import { isPending, useOutboxItems } from '../../offline/use-outbox';
import { useOnline } from '../../offline/use-online';
import { tokenStore } from '../../api';

const STATE_BADGES: Record<OutboxItem['state'], { label: string; color: string }> = {
  waiting: { label: 'Aguardando envio', color: 'yellow' },
  sending: { label: 'Enviando…', color: 'blue' },
  conflict: { label: 'Conflito', color: 'red' },
  failed: { label: 'Recusado', color: 'red' },
};

function Lines({ title, lines }: { title: string; lines: Line[] }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm">—</Text>
      ) : (
        lines.map((line, index) => (
          <Text key={index} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            <Text span fw={600}>
              {line.label}:
            </Text>{' '}
            {line.value}
          </Text>
        ))
      )}
    </Stack>
  );
}

/** Why an item waits: the last try's problem and when the next comes. */
function waitingLine(item: OutboxItem, online: boolean): string {
  if (!online) return 'Será enviado quando houver conexão.';
  if (item.state === 'sending') return 'Enviando agora.';
  if (item.attempts === 0) return 'Na fila para envio.';
  const next = `Nova tentativa ${formatShortMoment(item.nextAttemptAt)}`;
  return item.problem ? `${item.problem} ${next}.` : `${next}.`;
}

/**
 * One write of the outbox: what it is, when it was made, its state, what the user wrote; for a
 * conflict, the server's state beside it and the user's choice ('Descartar' or 'Aplicar de
 * novo'); for a refusal, why, with the same choice.
 */
function OutboxEntry({ item, online }: { item: OutboxItem; online: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const badge = STATE_BADGES[item.state];
  const setAside = item.state === 'conflict' || item.state === 'failed';
  const titleId = `outbox-${item.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed">
              Feito em {formatShortMoment(item.createdAt)}
            </Text>
          </Stack>
          <Badge
            color={badge.color}
            variant="light"
            c={setAside ? 'red.9' : 'dark'}
            tt="none"
            style={{ flex: 'none' }}
          >
            {badge.label}
          </Badge>
        </Group>
        {setAside ? (
          <>
            <Text size="sm" c="red.9" role="alert">
              {item.state === 'conflict'
                ? `Conflito: ${item.conflict?.detail || 'o servidor mudou enquanto você estava sem conexão.'}`
                : item.problem || 'O servidor recusou este envio.'}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Lines title="O que você escreveu" lines={item.written} />
              {item.state === 'conflict' && (
                <Lines title="Como está no servidor" lines={describeCurrent(item)} />
              )}
            </SimpleGrid>
            {confirming ? (
              <Group gap="xs">
                <Text size="sm">Descartar o que você escreveu?</Text>
                <Button size="xs" color="red" onClick={() => void discard(item.id)}>
                  Descartar
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  Manter
                </Button>
              </Group>
            ) : (
              <Group gap="xs">
                <Button
                  size="xs"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={() => void applyAgain(item.id).then(flushOutbox)}
                  aria-label={`Aplicar de novo: ${item.title}`}
                >
                  Aplicar de novo
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setConfirming(true)}
                  aria-label={`Descartar: ${item.title}`}
                >
                  Descartar
                </Button>
              </Group>
            )}
          </>
        ) : (
          <>
            <Lines title="O que você escreveu" lines={item.written} />
            <Text size="xs" c="dimmed">
              {waitingLine(item, online)}
            </Text>
          </>
        )}
        {item.instanceId && (
          // paths.producerDetails: app/ sits above the shared components.
          <Anchor component={Link} to={`/producer-details/${item.instanceId}`} size="sm">
            Abrir o processo
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** The outbox, item by item in the order written, with 'Enviar agora' while the link is up. */
export function OutboxDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const items = useOutboxItems();
  const online = useOnline();
  const pending = items.filter(isPending).length;
  const sendNow = () => {
    const account = accountOf(tokenStore.get());
    if (account) void retryNow(account).then(flushOutbox);
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Title order={2} size="h4">
          Aguardando envio
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Fechar a lista de envios' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          O que você registrou neste aparelho sem conexão é enviado sozinho, na ordem em que foi
          feito, quando a conexão voltar. Nada é descartado sem a sua escolha.
        </Text>
        {online && pending > 0 && (
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={sendNow}
            w="fit-content"
          >
            Enviar agora
          </Button>
        )}
        {items.length === 0 ? (
          <Text size="sm">Tudo foi enviado.</Text>
        ) : (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <OutboxEntry key={item.id} item={item} online={online} />
            ))}
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
