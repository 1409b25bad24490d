import { useState } from 'react';
import {
  Card,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/error-alert';
import { propertyListQueryOptions } from '../api';
import { PagePicker } from '../../../components/list/page-picker';
import { PropertyCard } from './property-card';

const GRID_COLS = { base: 1, md: 2 };

/**
 * The producer's properties as cards (profile section #properties): its empty state, loading,
 * failure and pages of `pageSize` (the profile's, which its route prefetches).
 */
export function ProducerProperties({ pageSize }: { pageSize: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData } = useQuery(
    propertyListQueryOptions({ search: '', page, pageSize }),
  );

  if (isPending) {
    return (
      <div role="status" aria-live="polite">
        <VisuallyHidden>Carregando propriedades…</VisuallyHidden>
        <SimpleGrid cols={GRID_COLS} aria-hidden>
          {[0, 1].map((key) => (
            <Card key={key} withBorder radius="md" padding="lg">
              <Skeleton h={18} w="60%" />
              <Skeleton h={12} mt="sm" w="40%" />
              <Skeleton h={12} mt="sm" w="70%" />
              <Skeleton h={24} mt="md" w="50%" radius="xl" />
            </Card>
          ))}
        </SimpleGrid>
      </div>
    );
  }
  if (isError) {
    return (
      <LoadError
        title="Não foi possível carregar as propriedades"
        query={{ error, isRefetching, refetch }}
      />
    );
  }
  if (data.items.length === 0 && page === 1) {
    return (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconBuildingWarehouse size={30} />
          </ThemeIcon>
          <Text fw={700}>Nenhuma propriedade cadastrada</Text>
          <Text size="sm" c="dimmed" maw={420}>
            Use o botão “Adicionar propriedade” acima para cadastrar a sua primeira propriedade.
          </Text>
        </Stack>
      </Paper>
    );
  }

  const pages = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <Stack gap="md">
      <SimpleGrid cols={GRID_COLS} spacing="md" aria-busy={isPlaceholderData}>
        {data.items.map((property) => (
          <PropertyCard key={property.id} property={property} />
        ))}
      </SimpleGrid>
      <PagePicker label="Páginas de propriedades" total={pages} page={page} onChange={setPage} />
    </Stack>
  );
}
