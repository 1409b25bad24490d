import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { LoadError } from '../../components/error-alert';
import { processListQueryOptions } from './api';
import { ProcessCard } from './components/process-card';

/** Spec §2 Stamps (/stamps and /process): the admin's processes, their seals and forms. */
export function StampsPage() {
  const query = useQuery(processListQueryOptions());
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
