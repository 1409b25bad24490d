import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messages } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { paths } from '../../../lib/paths';
import { ErrorAlert, LoadError } from '../../../components/error-alert';
import { sealsQueryOptions, useStartProcess, type PropertyItem } from '../api';
import { Section } from './property-section';

/**
 * Spec §2 'Selecione um selo' + 'Iniciar processo' (technicians and admins): starts a released
 * seal's process for this property, already accepted by the caller.
 */
export function StartProcess({ property }: { property: PropertyItem }) {
  const navigate = useNavigate();
  const [processId, setProcessId] = useState<string | null>(null);
  const seals = useQuery(sealsQueryOptions());
  const start = useStartProcess();
  // A seal without a process cannot be started: it is not offered.
  const options = (seals.data ?? [])
    .filter((seal) => seal.processId)
    .map((seal) => ({ value: seal.processId!, label: seal.name }));

  return (
    <Section title="Iniciar processo de certificação">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Inicia o processo do selo escolhido para esta propriedade, já aceito por você.
        </Text>
        {start.isError && (
          <ErrorAlert title="Não foi possível iniciar o processo">
            {errorMessage(start.error, messages.common.requestFailed)}
          </ErrorAlert>
        )}
        {seals.isError && <LoadError title="Não foi possível carregar os selos" query={seals} />}
        <Group align="flex-end" gap="sm">
          <Select
            label="Selo"
            placeholder="Selecione um selo"
            data={options}
            value={processId}
            onChange={(value) => {
              setProcessId(value);
              start.reset();
            }}
            disabled={seals.isPending}
            nothingFoundMessage="Nenhum selo liberado"
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            disabled={!processId}
            loading={start.isPending}
            onClick={() => {
              if (!processId) return;
              start.mutate(
                { processId, propertyId: property.id },
                { onSuccess: () => void navigate(paths.processInstances()) },
              );
            }}
          >
            Iniciar processo
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
