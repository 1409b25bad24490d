import { useId } from 'react';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatCnpj } from '../../../lib/masks';
import type { PropertyItem } from '../api';
import { InstanceBadges } from './instance-badges';

/** A property of the producer's profile: name, CNPJ, municipality, edit, and its seal requests. */
export function PropertyCard({ property }: { property: PropertyItem }) {
  const headingId = useId();
  const editLabel = `Editar ${property.businessName}`;
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={paths.property(property.id)} inherit c="inherit">
                {property.businessName}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {property.businessType} · {property.municipality}
            </Text>
          </Stack>
          <Tooltip label="Editar propriedade">
            <ActionIcon
              component={Link}
              to={paths.editProperty(property.id)}
              variant="light"
              size="lg"
              aria-label={editLabel}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            CNPJ:
          </Text>{' '}
          {formatCnpj(property.cnpj)}
        </Text>
        <InstanceBadges instances={property.processInstances} />
      </Stack>
    </Card>
  );
}
