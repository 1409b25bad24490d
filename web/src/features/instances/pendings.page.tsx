import { Container, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session';
import { ReviewNotices } from '../../components/notifications/review-notices';
import { InstanceCard } from './components/instance-card';
import { FieldDaySection } from './components/keep-offline';
import { PendingCard } from './components/pending-card';
import { StaffInstances } from './components/staff-instances';
import type { TableSort } from './table-view';

const WAITING = {
  status: 'pending',
  sort: { key: 'created_at', descending: true } satisfies TableSort,
} as const;
const MINE = {
  status: 'in_progress',
  sort: { key: 'waiting_days', descending: true } satisfies TableSort,
} as const;

/** `?atribuidas=todas` shows every waiting request; a technician opens on their own. */
const ASSIGNED_PARAM = 'atribuidas';

/**
 * Spec §2 'Pendentes': seal requests no technician has evaluated yet, and (issue 20) the
 * pendências answered by producers. A technician opens it on 'Atribuídas a mim' (issue 43): the
 * open requests an admin assigned to them or that they answer for.
 */
export function PendingsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const technician = user?.role === 'technician';
  const mine = technician && params.get(ASSIGNED_PARAM) !== 'todas';
  const choose = (value: string) =>
    setParams(value === 'todas' ? { [ASSIGNED_PARAM]: 'todas' } : {});
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Pendentes</Title>
          <Text c="dimmed">
            {mine
              ? 'Pedidos abertos atribuídos a você, os que esperam há mais tempo primeiro.'
              : 'Pedidos de selo que aguardam a avaliação de um técnico.'}
          </Text>
        </Stack>
        <FieldDaySection />
        <ReviewNotices />
        {technician && (
          <SegmentedControl
            aria-label="Quais pendentes"
            value={mine ? 'minhas' : 'todas'}
            onChange={choose}
            data={[
              { value: 'minhas', label: 'Atribuídas a mim' },
              { value: 'todas', label: 'Todas as pendentes' },
            ]}
            maw={420}
          />
        )}
        <StaffInstances
          key={mine ? 'mine' : 'waiting'}
          defaults={mine ? MINE : WAITING}
          fixed={mine ? { technician: user?.id } : undefined}
          isAdmin={user?.role === 'admin'}
          me={{ id: user?.id ?? '', role: user?.role ?? '' }}
          emptyTitle={mine ? 'Nenhum processo atribuído a você' : 'Nenhum processo pendente'}
          emptyHint={
            mine
              ? 'Quando um administrador atribuir um pedido a você, ele aparecerá aqui.'
              : 'Quando um produtor solicitar um selo, o pedido aparecerá aqui para avaliação.'
          }
          renderCard={(item) => (mine ? <InstanceCard item={item} /> : <PendingCard item={item} />)}
          tableLabel={mine ? 'Processos atribuídos a mim' : 'Processos pendentes'}
        />
      </Stack>
    </Container>
  );
}
