import { useState } from 'react';
import { Button, Container, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { LoadError } from '../../components/error-alert';
import { processListQueryOptions } from './api';
import { ProcessCard } from './components/process-card';

/** Spec §2 Stamps (/stamps and /process): the admin's processes, their seals and forms. */
export function StampsPage() {
  const [safra, setSafra] = useState<string | null>(null);
  const all = useQuery(processListQueryOptions());
  const filtered = useQuery({ ...processListQueryOptions(safra), enabled: safra !== null });
  const query = safra === null ? all : filtered;
  // The seasons present, newest first (the same seal has one process per safra).
  const safras = [...new Set((all.data ?? []).map((process) => process.safra))].sort().reverse();
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Gerenciar Selos e Formulários</Title>
            <Text c="dimmed">
              Cada processo certifica um selo: libere-o para receber solicitações e monte seus
              formulários.
            </Text>
          </Stack>
          <Button
            component={Link}
            to={paths.newProcess()}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Novo Processo
          </Button>
        </Group>
        <Select
          label="Safra"
          placeholder="Todas as safras"
          data={safras}
          value={safra}
          onChange={setSafra}
          clearable
          clearButtonProps={{ 'aria-label': 'Mostrar todas as safras' }}
          disabled={safras.length === 0}
          w={{ base: '100%', xs: 220 }}
        />
        {query.isPending ? (
          <Stack gap="sm" aria-busy>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} h={110} radius="md" />
            ))}
          </Stack>
        ) : query.isError ? (
          <LoadError title="Não foi possível carregar os processos" query={query} />
        ) : query.data.length === 0 ? (
          <Text c="dimmed">Nenhum processo cadastrado. Crie o primeiro com “Novo Processo”.</Text>
        ) : (
          <Stack gap="sm">
            {query.data.map((process) => (
              <ProcessCard key={process.id} process={process} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
