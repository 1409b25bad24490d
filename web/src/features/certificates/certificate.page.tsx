import { useId, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCertificate,
  IconCertificateOff,
  IconClockHour4,
  IconPlayerPause,
  IconRosetteDiscountCheck,
  IconSearchOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages, normalizeCertificateNumber, type CertificateStatus } from '@agroselo/contracts';
import { isApiError } from '../../api';
import { paths } from '../../lib/paths';
import { LoadError } from '../../components/error-alert';
import { formatMomentDay, formatPeriod } from '../../lib/dates';
import { formatCnpj, formatCrea } from '../../lib/masks';
import { certificateQueryOptions, type CertificateItem } from './api';
import { CertificatePdfButton } from '../../components/certificates/certificate-pdf-button';
import { CertificateSearch } from './components/certificate-search';
import { LevelBadge } from '../../components/certificates/level-badge';
import { STATUS_COLORS, STATUS_TITLES, statusExplanation } from './format';

const STATUS_ICONS: Record<CertificateStatus, ReactNode> = {
  valid: <IconRosetteDiscountCheck size={40} />,
  upcoming: <IconClockHour4 size={40} />,
  expired: <IconAlertTriangle size={40} />,
  suspended: <IconPlayerPause size={40} />,
  revoked: <IconCertificateOff size={40} />,
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** What the status means, first and big: the one thing a buyer came for. */
function Verdict({ certificate }: { certificate: CertificateItem }) {
  const color = STATUS_COLORS[certificate.status];
  const titleId = useId();
  return (
    <Paper
      role="status"
      aria-labelledby={titleId}
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg={`${color}.0`}
      withBorder
      style={{ borderColor: `var(--mantine-color-${color}-4)` }}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <ThemeIcon size={64} radius="xl" color={color} variant="filled" aria-hidden>
          {STATUS_ICONS[certificate.status]}
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }} id={titleId}>
            {STATUS_TITLES[certificate.status]}
          </Title>
          <Text>{statusExplanation(certificate)}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function CertificateDetails({ certificate }: { certificate: CertificateItem }) {
  const headingId = useId();
  const { seal, property, issuedBy } = certificate;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Grid gutter={{ base: 'md', sm: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Center h="100%">
            {seal.imageUrl ? (
              <Image src={seal.imageUrl} alt={`Selo ${seal.name}`} h={180} w={180} fit="contain" />
            ) : (
              <ThemeIcon size={120} radius={120} variant="light" aria-hidden>
                <IconCertificate size={64} />
              </ThemeIcon>
            )}
          </Center>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Selo
              </Text>
              <Title order={2} id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {seal.name}
              </Title>
              <LevelBadge level={certificate.level} size="lg" mt={4} w="fit-content" />
            </Stack>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
              <Field label="Propriedade">{property.businessName}</Field>
              <Field label="CNPJ">{formatCnpj(property.cnpj)}</Field>
              <Field label="Município">{property.municipality}</Field>
              <Field label="Safra">{certificate.safra}</Field>
              <Field label="Validade">
                {formatPeriod(certificate.validFrom, certificate.validUntil)}
              </Field>
              <Field label="Número do certificado">
                <Text span ff="monospace" fw={600}>
                  {certificate.number}
                </Text>
              </Field>
              <Field label="Emitido em">{formatMomentDay(certificate.issuedAt)}</Field>
              <Field label="Técnico responsável">
                {issuedBy ? (
                  <>
                    {issuedBy.name}
                    {issuedBy.crea && (
                      // The CREA is read as one piece: never split at its hyphen.
                      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                        {` — CREA ${formatCrea(issuedBy.crea)}`}
                      </Text>
                    )}
                  </>
                ) : (
                  'Não informado'
                )}
              </Field>
            </SimpleGrid>
            <Group gap="sm">
              <CertificatePdfButton number={certificate.number} />
              <Button
                component={Link}
                to={paths.requestProcess(seal.processId)}
                variant="light"
                leftSection={<IconCertificate size={18} aria-hidden />}
              >
                Conhecer o selo
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

function SearchAgain({ number }: { number?: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Verificar outro certificado
        </Title>
        <CertificateSearch initial={number} />
      </Stack>
    </Paper>
  );
}

/** /verificar/{number}: public; what the QR code of a certificate opens. */
export function CertificatePage() {
  const { number: typed = '' } = useParams();
  const number = normalizeCertificateNumber(typed) ?? typed;
  const query = useQuery(certificateQueryOptions(number));

  if (query.isError && isApiError(query.error) && [404, 422].includes(query.error.status)) {
    return (
      <Container size="sm" py={{ base: 'xl', sm: 64 }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Alert
            color="red"
            variant="light"
            radius="lg"
            icon={<IconSearchOff aria-hidden />}
            title={
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {messages.certificates.notFound}
              </Title>
            }
          >
            <Text>
              Nenhum certificado do AgroSelo tem o número{' '}
              <Text span ff="monospace" fw={600}>
                {typed}
              </Text>
              . Confira o número impresso no certificado: um selo sem certificado verificável aqui
              não foi concedido pelo AgroSelo.
            </Text>
          </Alert>
          <SearchAgain number={typed} />
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      {query.isError ? (
        <LoadError title="Não foi possível verificar o certificado" query={query} />
      ) : !query.data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={96} radius="lg" />
          <Skeleton h={260} radius="lg" />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Verdict certificate={query.data} />
          <CertificateDetails certificate={query.data} />
          <Text size="sm" c="dimmed">
            Verificado em {formatMomentDay(new Date().toISOString())}. Esta página mostra a situação
            do certificado hoje; o PDF é uma cópia do que foi emitido.
          </Text>
          <SearchAgain />
        </Stack>
      )}
    </Container>
  );
}
