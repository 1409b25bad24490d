import type { ReactNode } from 'react';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCnpj } from '../../../lib/masks';
import type { PropertyItem } from '../api';
import { formatCar } from '../format';
import { InstanceBadges } from './instance-badges';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The overlay of the selected row: a summary, its seal requests, and the way to edit it. */
export function PropertyOverlay({
  property,
  onClose,
  editPath,
  detailsPath,
}: {
  property: PropertyItem | null;
  onClose: () => void;
  editPath: (propertyId: string) => string;
  detailsPath: (propertyId: string) => string;
}) {
  return (
    <Drawer
      opened={property !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={property?.businessName ?? ''}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {property && (
        <Stack gap="md">
          <Detail label="Denominação">{property.businessType}</Detail>
          <Detail label="CNPJ">{formatCnpj(property.cnpj)}</Detail>
          <Detail label="Município">
            {property.municipality} · {property.place}
          </Detail>
          <Detail label="Produtor">{property.owner.name}</Detail>
          <Detail label="CAR">{formatCar(property.carN)}</Detail>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={6}>
              Processos
            </Text>
            <InstanceBadges instances={property.processInstances} />
          </div>
          <Group gap="sm" mt="sm">
            <Button
              component={Link}
              to={editPath(property.id)}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              Editar
            </Button>
            <Button component={Link} to={detailsPath(property.id)} variant="default">
              Detalhes
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
