import { useId, useState } from 'react';
import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMapPin, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LoadError } from '../../../components/error-alert';
import { HOLDERS_PAGE_SIZE, holdersQueryOptions } from '../api';
import { formatDay, formatPeriod } from '../../../lib/dates';
import { LevelBadge } from '../../../components/certificates/level-badge';

/**
 * The seal page's list of the properties that hold the seal today (or from a later day), for a
 * buyer to see who may print it: name, municipality and validity only.
 */
export function SealHolders({ processId }: { processId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useQuery(holdersQueryOptions(processId, page));
  const total = query.data?.total ?? 0;
  const pages = Math.ceil(total / HOLDERS_PAGE_SIZE);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={2}>
            <Title order={2} fz="lg" id={headingId}>
              Propriedades certificadas
            </Title>
            <Text size="sm" c="dimmed">
              {query.data
                ? total === 1
                  ? '1 propriedade tem este selo.'
                  : total > 1
                    ? `${total} propriedades têm este selo.`
                    : 'Nenhuma propriedade tem este selo no momento.'
                : 'Quem tem este selo hoje.'}
            </Text>
          </Stack>
          <Anchor component={Link} to={paths.verify()} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconQrcode size={16} aria-hidden />
              Verificar um certificado
            </Group>
          </Anchor>
        </Group>
        {query.isError ? (
          <LoadError title="Não foi possível carregar as propriedades certificadas" query={query} />
        ) : !query.data ? (
          <Skeleton h={72} aria-busy />
        ) : (
          total > 0 && (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, md: 3 }}
              spacing="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {query.data.items.map((holder, index) => (
                <Paper
                  component="li"
                  key={`${holder.businessName}-${index}`}
                  withBorder
                  radius="md"
                  p="sm"
                >
                  <Stack gap={4}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {holder.businessName}
                    </Text>
                    <Text size="sm" c="dimmed">
                      <IconMapPin size={14} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
                      {holder.municipality}
                    </Text>
                    <Group gap={6}>
                      <Badge
                        variant="light"
                        color={holder.status === 'valid' ? 'leaf' : 'yellow'}
                        tt="none"
                      >
                        {holder.status === 'valid'
                          ? `Válido até ${formatDay(holder.validUntil)}`
                          : `Válido a partir de ${formatDay(holder.validFrom)}`}
                      </Badge>
                      <LevelBadge level={holder.level} />
                    </Group>
                    <Text size="xs" c="dimmed">
                      Validade: {formatPeriod(holder.validFrom, holder.validUntil)}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          )
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Página anterior' : 'Próxima página',
            })}
            getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
          />
        )}
      </Stack>
    </Paper>
  );
}
