import {
  Alert,
  Card,
  Container,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { stampsQueryOptions } from '../../../queries/stamps';
import { SealCard } from './seal-card';
import { LoadError } from '../../../components/error-alert';
import { useFirstAnswerDeferred } from '../../../lib/use-first-answer-deferred';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

function SealsSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando selos…</VisuallyHidden>
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden>
        {[0, 1, 2].map((key) => (
          <Card key={key} withBorder radius="lg" padding="lg">
            <Card.Section>
              <Skeleton h={180} radius={0} />
            </Card.Section>
            <Skeleton h={24} w="60%" mt="md" />
            <Skeleton h={20} w={110} mt={6} radius="xl" />
            <Skeleton h={14} mt="sm" />
            <Skeleton h={14} mt={6} w="85%" />
            <Skeleton h={36} mt="lg" />
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}

function SealsContent() {
  const { data: answer, isError, error, refetch, isRefetching } = useQuery(stampsQueryOptions());
  // The seals arrive after the first screen is up: their cards are built in slices.
  const data = useFirstAnswerDeferred(answer);

  if (isError) {
    return (
      <LoadError
        title="Não foi possível carregar os selos"
        query={{ error, isRefetching, refetch }}
      />
    );
  }
  if (!data) return <SealsSkeleton />;
  if (data.length === 0) {
    return (
      <Alert color="leaf" variant="light" icon={<IconInfoCircle aria-hidden />}>
        Nenhum selo disponível no momento. Novos processos de certificação serão publicados aqui.
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg">
      {data.map((seal) => (
        <SealCard key={seal.id} seal={seal} />
      ))}
    </SimpleGrid>
  );
}

export function SealsSection() {
  return (
    <section aria-labelledby="selos-titulo" id="selos">
      <Container size="lg" py={72}>
        <Stack gap="xl">
          <Stack gap="xs" maw={720}>
            <Title order={2} id="selos-titulo">
              Selos de qualidade
            </Title>
            <Text c="dimmed" size="lg">
              Cada selo atesta práticas avaliadas por técnicos ao longo de um processo de
              certificação. Escolha um selo e solicite a avaliação da sua propriedade.
            </Text>
          </Stack>
          <SealsContent />
        </Stack>
      </Container>
    </section>
  );
}
