import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** 'Há 2 itens aguardando envio. Sair mesmo assim?' */
export const leaveWithWaiting = (count: number) =>
  `Há ${count} ${count === 1 ? 'item' : 'itens'} aguardando envio. Sair mesmo assim?`;

/** Asked before a logout that would drop writes this device has not sent yet. */
export function LeaveWarning({
  count,
  opened,
  leaving,
  onLeave,
  onStay,
}: {
  count: number;
  opened: boolean;
  leaving: boolean;
  onLeave: () => void;
  onStay: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title="Sair da conta" centered>
      <Stack gap="md">
        <Text size="sm">{leaveWithWaiting(count)}</Text>
        <Text size="sm" c="dimmed">
          Ao sair, o que não foi enviado e os dados guardados desta conta são apagados deste
          aparelho.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onStay} disabled={leaving}>
            Cancelar
          </Button>
          <Button color="red" onClick={onLeave} loading={leaving}>
            Sair mesmo assim
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
