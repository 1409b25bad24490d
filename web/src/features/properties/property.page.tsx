import { Suspense, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { STAFF_ROLES } from '@agroselo/contracts';
import { paths } from '../../lib/paths';
import { useSession } from '../../session';
import { LoadError } from '../../components/error-alert';
import { formatCnpj, formatCrea, formatPhone } from '../../lib/masks';
import { useFirstAnswerDeferred } from '../../lib/use-first-answer-deferred';
import { propertyQueryOptions } from './api';
import { InstanceBadges, RenewalOffers } from './components/instance-badges';
import { Section } from './components/property-section';
import { formatDay } from '../../lib/dates';
import { formatCoordinate } from '../../lib/coordinates';
import { formatCar } from './format';
import { lazyPart } from '../../lib/lazy-part';

const NOT_GIVEN = 'Não informado';

// Staff only (the select and its dropdown's code): producers, who open this page most, skip it.
const StartProcess = lazyPart('start-process', () =>
  import('./components/start-process').then((module) => module.StartProcess),
);
// Its panel's height (title, line, select) while its code arrives.
const START_PROCESS_HEIGHT = 190;

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

function Fields({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
      {children}
    </SimpleGrid>
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
  const { data, isPending, error, refetch, isRefetching } = useQuery(
    propertyQueryOptions(propertyId),
  );
  const property = useFirstAnswerDeferred(data);

  if (isPending || (data && !property)) return <PropertySkeleton />;
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

        {isStaff && (
          <Suspense fallback={<Skeleton h={START_PROCESS_HEIGHT} radius="md" />}>
            <StartProcess property={property} />
          </Suspense>
        )}

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
