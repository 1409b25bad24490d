import { Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDownload, IconEye, IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { STATUS_LABELS, StatusBadge } from '../../../components/status-badge';
import { certificatePdfUrl } from '../../../queries/certificates';
import { RenewButton } from '../../../components/renewal/renew-button';
import type { PropertyInstanceItem } from '../api';

/** One seal request: a status badge labelled with the seal, whose menu opens its details. */
function InstanceBadge({ instance }: { instance: PropertyInstanceItem }) {
  const seal = instance.process.stamp.name;
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={`${seal}: ${STATUS_LABELS[instance.status]}`}
          style={{ borderRadius: 'var(--mantine-radius-xl)', maxWidth: '100%' }}
        >
          <StatusBadge
            status={instance.status}
            size="lg"
            maw="100%"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            styles={{
              label: { textTransform: 'none', overflow: 'hidden', textOverflow: 'ellipsis' },
            }}
          >
            {seal}
          </StatusBadge>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {STATUS_LABELS[instance.status]} · Safra {instance.safra}
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={paths.producerDetails(instance.id)}
          leftSection={<IconEye size={16} aria-hidden />}
        >
          Ver Detalhes
        </Menu.Item>
        {instance.certificate && (
          <>
            <Menu.Divider />
            <Menu.Label>Certificado {instance.certificate.number}</Menu.Label>
            <Menu.Item
              component="a"
              href={certificatePdfUrl(instance.certificate.number)}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Baixar certificado
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.verify(instance.certificate.number)}
              leftSection={<IconQrcode size={16} aria-hidden />}
            >
              Verificar certificado
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * 'Renovar para a safra 2027/28' beside each certificate whose seal's next season is open; only
 * its owner gets offers.
 */
export function RenewalOffers({
  instances,
  propertyId,
}: {
  instances: readonly PropertyInstanceItem[];
  propertyId: string;
}) {
  const offered = instances.filter((instance) => instance.renewalOffer);
  if (offered.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      {offered.map((instance) => (
        <Group key={instance.id} gap="sm" justify="space-between">
          <Text size="sm">
            {instance.process.stamp.name}: certificado da safra {instance.safra}
          </Text>
          <RenewButton
            instanceId={instance.id}
            propertyId={propertyId}
            offer={instance.renewalOffer!}
            size="sm"
            w={{ base: '100%', xs: 'auto' }}
          />
        </Group>
      ))}
    </Stack>
  );
}

/** Spec §2: one badge per process instance of the property, labelled with the seal name. */
export function InstanceBadges({
  instances,
  empty = 'Nenhum selo solicitado',
}: {
  instances: readonly PropertyInstanceItem[];
  empty?: string;
}) {
  if (instances.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap="xs" role="list" aria-label="Processos">
      {instances.map((instance) => (
        <div role="listitem" key={instance.id} style={{ maxWidth: '100%' }}>
          <InstanceBadge instance={instance} />
        </div>
      ))}
    </Group>
  );
}
