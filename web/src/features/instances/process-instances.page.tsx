import { Container, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../session';
import { InstanceCard } from './components/instance-card';
import { StaffInstances } from './components/staff-instances';
import type { TableSort } from './table-view';

const DEFAULTS = {
  status: 'in_progress',
  sort: { key: 'created_at', descending: true } satisfies TableSort,
} as const;

/**
 * Spec §2 'Processos em andamento': every open seal request, for technicians and admins; the
 * office's table of a whole safra from 992 px (issue 43).
 */
export function ProcessInstancesPage() {
  const { user } = useSession();
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Processos em andamento</Title>
          <Text c="dimmed">
            Pedidos de selo abertos: aguardando avaliação, aguardando o produtor ou em andamento.
          </Text>
        </Stack>
        <StaffInstances
          defaults={DEFAULTS}
          isAdmin={user?.role === 'admin'}
          me={{ id: user?.id ?? '', role: user?.role ?? '' }}
          emptyTitle="Nenhum processo em andamento"
          emptyHint="Os pedidos de selo aparecem aqui assim que um produtor os solicita."
          renderCard={(item) => <InstanceCard item={item} />}
          tableLabel="Processos"
        />
      </Stack>
    </Container>
  );
}
