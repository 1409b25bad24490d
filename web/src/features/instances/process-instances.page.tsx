import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { ExportMenu } from '../../components/export-menu';
import { InstanceCard } from './components/instance-card';
import { InstanceList } from './components/instance-list';

/** Spec §2 'Processos em andamento': every open seal request, for technicians and admins. */
export function ProcessInstancesPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Processos em andamento</Title>
            <Text c="dimmed">
              Pedidos de selo abertos: aguardando avaliação, aguardando o produtor ou em andamento.
            </Text>
          </Stack>
          <ExportMenu list="process-instances" filters={{ status: 'in_progress' }} />
        </Group>
        <InstanceList
          status="in_progress"
          emptyTitle="Nenhum processo em andamento"
          emptyHint="Os pedidos de selo aparecem aqui assim que um produtor os solicita."
          renderItem={(item) => <InstanceCard item={item} />}
        />
      </Stack>
    </Container>
  );
}
