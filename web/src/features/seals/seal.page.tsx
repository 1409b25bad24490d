import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Grid,
  Image,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendar,
  IconCertificate,
  IconCheck,
  IconDownload,
  IconLock,
  IconSearchOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { messages, PRODUCER_ROLES } from '@agroselo/contracts';
import { isApiError } from '../../api';
import { paths } from '../../lib/paths';
import { useSession } from '../../session';
import { LoadError } from '../../components/error-alert';
import { SafraBadge } from '../../components/safra-badge';
import { MessagePage } from '../../components/message-page';
import { processQueryOptions, type ProcessItem } from './api';
import { formatPeriod } from '../../lib/dates';

interface SealPageProps {
  /**
   * The producer's request (property, terms, 'Solicitar processo'): shown to owners and users
   * only, and built by the request workflow, which passes it in here.
   */
  requestSection?: (process: ProcessItem) => ReactNode;
  /** The properties holding the seal, built by the certificates area. */
  holdersSection?: (process: ProcessItem) => ReactNode;
}

/** Spec §2 Seal and process detail (/request-process/{processId}): public for released seals. */
export function SealPage({ requestSection, holdersSection }: SealPageProps) {
  const { processId = '' } = useParams();
  const location = useLocation();
  const { user, status } = useSession();
  const query = useQuery({ ...processQueryOptions(processId), enabled: status !== 'loading' });

  if (query.isError && isApiError(query.error) && [404, 422].includes(query.error.status)) {
    return (
      <MessagePage icon={<IconSearchOff size={40} />} title="Selo não encontrado">
        Este selo não existe ou ainda não foi publicado.
      </MessagePage>
    );
  }

  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {query.isError ? (
        <LoadError title="Não foi possível carregar o selo" query={query} />
      ) : !query.data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={40} w="50%" />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <Stack gap="xl">
          <SealDetails process={query.data} />
          {!user ? (
            <Alert
              color="leaf"
              variant="light"
              icon={<IconLock aria-hidden />}
              title={messages.auth.loginRequired}
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">Entre com sua conta de produtor para solicitar este selo.</Text>
                <Button component={Link} to={paths.login(location.pathname)}>
                  Login
                </Button>
              </Stack>
            </Alert>
          ) : (
            PRODUCER_ROLES.includes(user.role) && requestSection?.(query.data)
          )}
          {holdersSection?.(query.data)}
        </Stack>
      )}
    </Container>
  );
}

function SealDetails({ process }: { process: ProcessItem }) {
  const { stamp } = process;
  return (
    <Grid gutter={{ base: 'md', sm: 'xl' }}>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Paper withBorder radius="lg" bg="leaf.0" h={{ base: 200, sm: 260 }}>
          {stamp.imageUrl ? (
            <Image src={stamp.imageUrl} alt={`Selo ${stamp.name}`} h="100%" fit="contain" p="md" />
          ) : (
            <Center h="100%" aria-hidden>
              <ThemeIcon size={96} radius={96} variant="light">
                <IconCertificate size={56} />
              </ThemeIcon>
            </Center>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Stack gap="md">
          <Stack gap={6}>
            {!process.released && (
              <Badge color="gray" variant="light">
                Rascunho — visível só para administradores
              </Badge>
            )}
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {stamp.name}
            </Title>
            <SafraBadge safra={process.safra} size="lg" w="fit-content" />
            <Text size="lg">{stamp.description}</Text>
          </Stack>
          {stamp.features.length > 0 && (
            <List
              spacing={6}
              center
              aria-label={`Características do selo ${stamp.name}`}
              icon={
                <ThemeIcon size={22} radius="xl" color="leaf.7" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {stamp.features.map((item, index) => (
                <List.Item key={`${index}-${item.feature}`}>{item.feature}</List.Item>
              ))}
            </List>
          )}
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                O processo de certificação
              </Title>
              <Text>{process.description}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {process.notice}
              </Text>
              <Stack gap={4}>
                <Text size="sm">
                  <IconCalendar size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
                  <strong>Período de solicitação:</strong>{' '}
                  {formatPeriod(process.startDate, process.endDate)}
                </Text>
                <Text size="sm">
                  <IconCertificate size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
                  <strong>Validade do selo:</strong>{' '}
                  {formatPeriod(process.validityStart, process.validityEnd)}
                </Text>
              </Stack>
              {process.noticeUrl && (
                <Button
                  component="a"
                  href={process.noticeUrl}
                  download
                  variant="light"
                  w="fit-content"
                  leftSection={<IconDownload size={18} aria-hidden />}
                >
                  Baixar edital
                </Button>
              )}
            </Stack>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
