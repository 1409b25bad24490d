import { useId, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { messages, STAFF_ROLES } from '@agroselo/contracts';
import { errorMessage } from '../../api';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { ErrorAlert, LoadError } from '../../components/error-alert';
import { formatCnpj, formatCrea, formatPhone } from '../../lib/masks';
import { propertyQueryOptions, sealsQueryOptions, useStartProcess, type PropertyItem } from './api';
import { InstanceBadges, RenewalOffers } from './components/instance-badges';
import { formatDay } from '../../lib/dates';
import { formatCar, formatCoordinate } from './format';

const NOT_GIVEN = 'Não informado';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
      {children}
    </SimpleGrid>
  );
}

/**
 * Spec §2 'Selecione um selo' + 'Iniciar processo' (technicians and admins): starts a released
 * seal's process for this property, already accepted by the caller.
 */
function StartProcess({ property }: { property: PropertyItem }) {
  const navigate = useNavigate();
  const [processId, setProcessId] = useState<string | null>(null);
  const seals = useQuery(sealsQueryOptions());
  const start = useStartProcess();
  // A seal without a process cannot be started: it is not offered.
  const options = (seals.data ?? [])
    .filter((seal) => seal.processId)
    .map((seal) => ({ value: seal.processId!, label: seal.name }));

  return (
    <Section title="Iniciar processo de certificação">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Inicia o processo do selo escolhido para esta propriedade, já aceito por você.
        </Text>
        {start.isError && (
          <ErrorAlert title="Não foi possível iniciar o processo">
            {errorMessage(start.error, messages.common.requestFailed)}
          </ErrorAlert>
        )}
        {seals.isError && <LoadError title="Não foi possível carregar os selos" query={seals} />}
        <Group align="flex-end" gap="sm">
          <Select
            label="Selo"
            placeholder="Selecione um selo"
            data={options}
            value={processId}
            onChange={(value) => {
              setProcessId(value);
              start.reset();
            }}
            disabled={seals.isPending}
            nothingFoundMessage="Nenhum selo liberado"
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            disabled={!processId}
            loading={start.isPending}
            onClick={() => {
              if (!processId) return;
              start.mutate(
                { processId, propertyId: property.id },
                { onSuccess: () => void navigate(paths.processInstances()) },
              );
            }}
          >
            Iniciar processo
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

/**
 * The page's shape while it loads, at least as tall as the screen: the footer stays below the
 * fold, and the content takes the skeleton's place instead of pushing anything down.
 */
function PropertySkeleton() {
  return (
    <Container
      size="lg"
      py={{ base: 'md', sm: 'xl' }}
      px={{ base: 'sm', sm: 'md' }}
      mih="100dvh"
      role="status"
      aria-busy
      aria-label="Carregando a propriedade"
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Skeleton h={36} w="60%" />
          <Skeleton h={22} w="45%" />
        </Stack>
        {[120, 220, 260, 200].map((height, index) => (
          <Skeleton key={index} h={height} radius="md" />
        ))}
      </Stack>
    </Container>
  );
}

/** Spec §2 '/property/{id}': the property's fields in pt-BR, its seal requests and actions. */
export function PropertyPage() {
  const { propertyId = '' } = useParams();
  const { user } = useSession();
  const isStaff = Boolean(user && STAFF_ROLES.includes(user.role));
  const {
    data: property,
    isPending,
    error,
    refetch,
    isRefetching,
  } = useQuery(propertyQueryOptions(propertyId));

  if (isPending) return <PropertySkeleton />;
  if (!property) {
    return (
      <Container size="md" py="xl">
        <LoadError
          title="Não foi possível carregar a propriedade"
          query={{ error, isRefetching, refetch }}
        />
      </Container>
    );
  }

  const technician = [
    property.responsibleTechnicianName,
    property.responsibleTechnicianPhone && formatPhone(property.responsibleTechnicianPhone),
  ].filter(Boolean);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={6} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {property.businessName}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color="leaf">
                {property.businessType}
              </Badge>
              <Text size="sm" c="dimmed">
                {property.municipality} · {property.place}
              </Text>
            </Group>
          </Stack>
          <Tooltip label="Editar propriedade">
            <ActionIcon
              component={Link}
              to={paths.editProperty(property.id)}
              variant="light"
              size="xl"
              aria-label="Editar propriedade"
            >
              <IconPencil size={22} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>

        <Section title="Processos">
          <InstanceBadges
            instances={property.processInstances}
            empty="Nenhum processo solicitado para esta propriedade."
          />
          <RenewalOffers instances={property.processInstances} propertyId={property.id} />
        </Section>

        {isStaff && <StartProcess property={property} />}

        <Section title="Identificação">
          <Fields>
            <Field label="CNPJ">{formatCnpj(property.cnpj)}</Field>
            <Field label="Inscrição no IRGA">{property.irga}</Field>
            <Field label="Denominação">{property.businessType}</Field>
            <Field label="Produtor">{property.owner.name}</Field>
          </Fields>
        </Section>

        <Section title="Localização">
          <Fields>
            <Field label="Município">{property.municipality}</Field>
            <Field label="Localidade">{property.place}</Field>
            <Field label="Latitude">{formatCoordinate(property.latitude)}</Field>
            <Field label="Longitude">{formatCoordinate(property.longitude)}</Field>
            <Field label="Número do CAR">{formatCar(property.carN)}</Field>
          </Fields>
        </Section>

        <Section title="Licenças de operação">
          <Fields>
            <Field label="LO da lavoura">{property.farmingLoNumber}</Field>
            <Field label="Validade da LO da lavoura">{formatDay(property.farmingLoValidity)}</Field>
            <Field label="LO da unidade de armazenamento">{property.dryingAndStockLoNumber}</Field>
            <Field label="Validade da LO da unidade de armazenamento">
              {formatDay(property.dryingAndStockLoValidity)}
            </Field>
          </Fields>
        </Section>

        <Section title="Responsáveis">
          <Fields>
            <Field label="Responsável">{property.responsibleName}</Field>
            <Field label="Técnico responsável">
              {technician.length > 0 ? technician.join(' · ') : NOT_GIVEN}
            </Field>
            <Field label="CREA do técnico">
              {property.responsibleTechnicianCrea
                ? formatCrea(property.responsibleTechnicianCrea)
                : NOT_GIVEN}
            </Field>
          </Fields>
        </Section>
      </Stack>
    </Container>
  );
}
