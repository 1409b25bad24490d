import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { formatCnpj, formatCrea, formatPhone } from '../../../lib/masks';
import type { InstanceDetailItem } from '../../../queries/instances';
import { formatDay, isPastDay } from '../../../lib/dates';
import { formatCoordinate } from '../../../lib/coordinates';
import { InfoList, type InfoRow } from './card-parts';

type Business = InstanceDetailItem['business'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="md" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A licence: what it covers, its number and how long it holds. */
function Licence({ label, number, validity }: { label: string; number: string; validity: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {number}
      </Text>
      <Group gap={6} wrap="wrap">
        <Text size="sm">
          Válida até <time dateTime={validity}>{formatDay(validity)}</time>
        </Text>
        {isPastDay(validity) && (
          <Badge color="red" variant="light" size="sm">
            Vencida
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Spec §2 Process instance detail: business info, location and licences of the property. */
export function BusinessDetails({ business }: { business: Business }) {
  const technicianRows: InfoRow[] = business.responsibleTechnicianName
    ? [
        { label: 'Responsável técnico', value: business.responsibleTechnicianName },
        ...(business.responsibleTechnicianPhone
          ? [{ label: 'Telefone', value: formatPhone(business.responsibleTechnicianPhone) }]
          : []),
        ...(business.responsibleTechnicianCrea
          ? [{ label: 'CREA', value: formatCrea(business.responsibleTechnicianCrea) }]
          : []),
      ]
    : [];
  const { latitude, longitude } = business;
  const mapUrl = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=14/${latitude}/${longitude}`;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Section title="Propriedade">
        <InfoList
          rows={[
            { label: 'Nome', value: business.businessName },
            { label: 'Denominação', value: business.businessType },
            { label: 'CNPJ', value: formatCnpj(business.cnpj) },
            { label: 'IRGA', value: business.irga },
            { label: 'CAR', value: business.carN },
            { label: 'Produtor', value: business.owner.name },
            { label: 'Responsável', value: business.responsibleName },
            ...technicianRows,
          ]}
        />
      </Section>
      <Section title="Localização">
        <InfoList
          rows={[
            { label: 'Município', value: business.municipality },
            { label: 'Localidade', value: business.place },
            { label: 'Latitude', value: formatCoordinate(latitude) },
            { label: 'Longitude', value: formatCoordinate(longitude) },
          ]}
        />
        <Anchor href={mapUrl} target="_blank" rel="noreferrer" size="sm">
          Ver no mapa{' '}
          <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'text-bottom' }} />
        </Anchor>
      </Section>
      <Section title="Licenças">
        <Licence
          label="LO da lavoura"
          number={business.farmingLoNumber}
          validity={business.farmingLoValidity}
        />
        <Licence
          label="LO da unidade de secagem e armazenamento"
          number={business.dryingAndStockLoNumber}
          validity={business.dryingAndStockLoValidity}
        />
      </Section>
    </SimpleGrid>
  );
}
