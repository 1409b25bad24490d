import {
  Anchor,
  Container,
  Grid,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Suspense } from 'react';
import { IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages } from '@agroselo/contracts';
import { isApiError } from '../../api';
import { useSession } from '../../session';
import { LoadError } from '../../components/error-alert';
import { MessagePage } from '../../components/message-page';
import { SafraBadge } from '../../components/safra-badge';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../lib/paths';
import { instanceQueryOptions, type InstanceDetailItem } from '../../queries/instances';
import { ActionPanel, preloadStaffPanels } from './components/action-panel';
import { BusinessDetails } from './components/business-details';
import { FormInstanceList } from './components/form-instance-list';
import { InspectionsSection } from './components/inspections';
import { KeepOfflineCard } from './components/keep-offline';
import { QueuedWrites } from '../../components/offline/queued-writes';
import { InstanceChain, InstanceTimeline } from './components/instance-history';
import { PendenciesSection } from './components/pendencies';
import { PublishConsentSwitch } from './components/publish-consent';
import { RenewButton } from '../../components/renewal/renew-button';
import { formatMoment } from '../../lib/dates';
import { useFirstAnswerDeferred } from '../../lib/use-first-answer-deferred';
import { progressDescription, progressPercent, shortInstanceId, STATUS_LINES } from './format';
import { formatRiceArea } from '../../lib/rice-area';

function Header({ instance }: { instance: InstanceDetailItem }) {
  const percent = progressPercent(instance.progress);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <StatusBadge status={instance.status} size="lg" />
        <SafraBadge safra={instance.process.safra} size="lg" />
        <Text size="sm" c="dimmed" ff="monospace">
          Processo #{shortInstanceId(instance.id)}
        </Text>
      </Group>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {instance.process.stamp.name}
      </Title>
      <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
        {instance.business.businessName} · {instance.business.municipality}
      </Text>
      <Text size="sm" c="dimmed">
        Solicitado {instance.requestedBy ? `por ${instance.requestedBy.name} ` : ''}em{' '}
        <time dateTime={instance.createdAt}>{formatMoment(instance.createdAt)}</time>
        {' · '}Técnico responsável: {instance.technician?.name ?? 'ainda não atribuído'}
        {' · '}
        {STATUS_LINES[instance.status]}
      </Text>
      {(instance.riceAreaHa !== null || instance.renewalOf) && (
        <Text size="sm">
          {instance.riceAreaHa !== null &&
            `Área de arroz inscrita: ${formatRiceArea(instance.riceAreaHa)}`}
          {instance.riceAreaHa !== null && instance.renewalOf && ' · '}
          {instance.renewalOf && (
            <>
              Renovação do certificado{' '}
              <Anchor component={Link} to={paths.producerDetails(instance.renewalOf.id)} inherit>
                {instance.renewalOf.certificateNumber}
              </Anchor>{' '}
              da safra {instance.renewalOf.safra}
            </>
          )}
        </Text>
      )}
      {instance.initiated && (
        <Paper withBorder radius="md" p="sm" maw={520}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                Progresso
              </Text>
              <Text size="sm" fw={600}>
                {percent}%
              </Text>
            </Group>
            <Progress value={percent} radius="xl" aria-label="Progresso do processo" />
            <Text size="xs" c="dimmed">
              {progressDescription(instance.progress)}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The owner's choices on a certificate: next season's renewal, and the public registry. */
function OwnerChoices({ instance }: { instance: InstanceDetailItem }) {
  const offer = instance.renewalOffer;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {offer && (
          <Group gap="sm" justify="space-between">
            <Text size="sm" maw={520}>
              O selo da safra {offer.safra} está aberto para solicitações. A renovação traz as
              respostas desta safra para você conferir.
            </Text>
            <RenewButton
              instanceId={instance.id}
              propertyId={instance.business.id}
              offer={offer}
              w={{ base: '100%', xs: 'auto' }}
            />
          </Group>
        )}
        {instance.actions.publishConsent && <PublishConsentSwitch instance={instance} />}
      </Stack>
    </Paper>
  );
}

/**
 * The page's shape while it loads, in the same container and columns as the page, so the
 * content takes the place of its skeleton instead of pushing it down.
 */
function DetailSkeleton() {
  return (
    <Container
      size="xl"
      py="xl"
      px={{ base: 'sm', sm: 'md' }}
      mih="100dvh"
      role="status"
      aria-busy
      aria-label="Carregando"
    >
      <Stack gap="xl">
        <Stack gap="sm">
          <Skeleton h={26} w={220} />
          <Skeleton h={44} w="60%" />
          <Skeleton h={28} w="45%" />
          <Skeleton h={20} w="80%" />
        </Stack>
        <Skeleton h={160} radius="lg" />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Skeleton h={240} radius="lg" />
              <Skeleton h={320} radius="lg" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Skeleton h={320} radius="lg" />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** Spec §2 Process instance detail (/producer-details/{processInstanceId}). */
export function InstanceDetailPage() {
  const { processInstanceId = '' } = useParams();
  const { user } = useSession();
  const query = useQuery(instanceQueryOptions(processInstanceId));
  const instance = useFirstAnswerDeferred(query.data);
  preloadStaffPanels(user?.role);

  if (query.isError && isApiError(query.error) && [404, 422].includes(query.error.status)) {
    return (
      <MessagePage icon={<IconSearchOff size={40} />} title={messages.instances.notFound}>
        Este processo não existe ou não pertence a uma propriedade sua.
      </MessagePage>
    );
  }

  if (query.isError) {
    return (
      <Container size="lg" py="xl">
        <LoadError title="Não foi possível carregar o processo" query={query} />
      </Container>
    );
  }

  if (!instance) return <DetailSkeleton />;

  const isOwner = user?.id === instance.business.owner.id;
  // A panel whose code is still loading keeps the skeleton in place of the whole page.
  return (
    <Suspense fallback={<DetailSkeleton />}>
      <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xl">
          <Header instance={instance} />
          <QueuedWrites instanceId={instance.id} />
          {instance.initiated && <KeepOfflineCard instance={instance} isOwner={isOwner} />}
          <ActionPanel instance={instance} isOwner={isOwner} />
          {(instance.renewalOffer || instance.actions.publishConsent) && (
            <OwnerChoices instance={instance} />
          )}
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="lg">
                {instance.initiated && <FormInstanceList instance={instance} />}
                {instance.initiated && <PendenciesSection instance={instance} isOwner={isOwner} />}
                {instance.initiated && <InspectionsSection instance={instance} />}
                <BusinessDetails business={instance.business} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                <InstanceChain instance={instance} />
                <InstanceTimeline instance={instance} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      </Container>
    </Suspense>
  );
}
