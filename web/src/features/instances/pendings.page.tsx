import { Container, Stack, Text, Title } from '@mantine/core';
import { ReviewNotices } from '../notifications/review-notices';
import { FieldDaySection } from './components/keep-offline';
import { InstanceList } from './components/instance-list';
import { PendingCard } from './components/pending-card';

/**
 * Spec §2 'Pendentes': seal requests no technician has evaluated yet, and (issue 20) the
 * pendências answered by producers.
 */
export function PendingsPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Pendentes</Title>
          <Text c="dimmed">Pedidos de selo que aguardam a avaliação de um técnico.</Text>
        </Stack>
        <FieldDaySection />
        <ReviewNotices />
        <InstanceList
          status="pending"
          emptyTitle="Nenhum processo pendente"
          emptyHint="Quando um produtor solicitar um selo, o pedido aparecerá aqui para avaliação."
          renderItem={(item) => <PendingCard item={item} />}
        />
      </Stack>
    </Container>
  );
}
