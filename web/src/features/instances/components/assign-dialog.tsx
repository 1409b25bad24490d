import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { messages, normalizeCrea, onlyDigits } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { technicianOptionsQueryOptions, useAssign, type InstanceItem } from '../api';

const sameCrea = (a: string | null, b: string | null) =>
  Boolean(onlyDigits(a ?? '') && onlyDigits(b ?? '')) &&
  normalizeCrea(a ?? '') === normalizeCrea(b ?? '');

/**
 * 'Atribuir técnico': the rows chosen, to one active technician. A technician who is the
 * responsible technician of one of those properties is not offered (DESIGN §4b); the server
 * refuses it anyway.
 */
export function AssignDialog({
  opened,
  onClose,
  items,
  onAssigned,
}: {
  opened: boolean;
  onClose: () => void;
  items: InstanceItem[];
  onAssigned: () => void;
}) {
  const technicians = useQuery({ ...technicianOptionsQueryOptions(), enabled: opened });
  const assign = useAssign();
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const offered = (technicians.data ?? []).filter(
    (technician) =>
      !items.some((item) => sameCrea(technician.crea, item.business.responsibleTechnicianCrea)),
  );
  const hidden = (technicians.data?.length ?? 0) - offered.length;

  const submit = () => {
    if (!technicianId) return;
    assign.mutate(
      { instanceIds: items.map((item) => item.id), technicianId },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message: messages.instances.assigned(result.instances.length, result.technician.name),
          });
          setTechnicianId(null);
          onAssigned();
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Atribuir técnico" centered>
      <Stack gap="md">
        <Text size="sm">
          {items.length === 1
            ? `1 processo selecionado: ${items[0]?.business.businessName}.`
            : `${items.length} processos selecionados.`}{' '}
          Antes da avaliação, o técnico passa a avaliá-los; depois dela, é o técnico responsável até
          a conclusão.
        </Text>
        <Select
          label="Técnico"
          placeholder={technicians.isPending ? 'Carregando…' : 'Escolha o técnico'}
          data={offered.map((technician) => ({ value: technician.id, label: technician.name }))}
          value={technicianId}
          onChange={setTechnicianId}
          searchable
          nothingFoundMessage="Nenhum técnico encontrado"
          description={
            hidden > 0
              ? 'O responsável técnico de uma destas propriedades não aparece na lista.'
              : undefined
          }
        />
        {assign.isError && (
          <Alert color="red" title={messages.instances.assignFailed}>
            {errorMessage(assign.error, messages.instances.assignFailed)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!technicianId} loading={assign.isPending}>
            Atribuir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
