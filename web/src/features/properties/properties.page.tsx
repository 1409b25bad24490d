import { lazy, Suspense, useCallback, useState } from 'react';
import {
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingWarehouse, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ExportMenu } from '../../components/export-menu';
import { EmptyList } from '../../components/list/empty-list';
import { SearchedList } from '../../components/list/searched-list';
import { useWide } from '../../components/table/use-wide';
import { formatCnpj } from '../../lib/masks';
import { PROPERTY_LIST_PAGE_SIZE, propertyListQueryOptions, type PropertyItem } from './api';
import { propertyCountLabel } from './format';

// The dense table and its filters load on wide screens only, the overlay when first opened.
const PropertyTable = lazy(() =>
  import('./components/property-table').then((module) => ({ default: module.PropertyTable })),
);
const PropertyOverlay = lazy(() =>
  import('./components/property-overlay').then((module) => ({
    default: module.PropertyOverlay,
  })),
);

/** Rows of the skeleton: about a page's height, so the footer is not pushed down as rows arrive. */
const SKELETON_ROWS = Array.from({ length: 12 }, (_, key) => key);

function TableSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando propriedades…</VisuallyHidden>
      <Stack gap="sm" aria-hidden>
        {SKELETON_ROWS.map((key) => (
          <Skeleton key={key} h={40} />
        ))}
      </Stack>
    </div>
  );
}

/**
 * Spec §2 '/properties': every property, for technicians and admins, searched on the server; from
 * 992 px a dense table with filters and sortable columns (issue 43).
 */
export function PropertiesPage() {
  const wide = useWide();
  const [selected, setSelected] = useState<PropertyItem | null>(null);
  // Mounted from the first opening on, so that it closes with its transition.
  const [opened, setOpened] = useState(false);
  const open = useCallback((property: PropertyItem) => {
    setOpened(true);
    setSelected(property);
  }, []);

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Propriedades</Title>
            <Text c="dimmed">As propriedades cadastradas pelos produtores.</Text>
          </Stack>
          <Group gap="sm">
            {!wide && <ExportMenu list="properties" />}
            <Button
              component={Link}
              to={paths.registerProperty()}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              Nova propriedade
            </Button>
          </Group>
        </Group>
        {wide ? (
          <Suspense fallback={<TableSkeleton />}>
            <PropertyTable onOpen={open} detailsPath={paths.property} />
          </Suspense>
        ) : (
          <PropertyList selectedId={selected?.id} onOpen={open} />
        )}
      </Stack>
      {opened && (
        <Suspense fallback={null}>
          <PropertyOverlay
            property={selected}
            onClose={() => setSelected(null)}
            editPath={paths.editProperty}
            detailsPath={paths.property}
          />
        </Suspense>
      )}
    </Container>
  );
}

/** The spec's table below 992 px: Nome, and from 768 px its CNPJ and Município. */
function PropertyList({
  selectedId,
  onOpen,
}: {
  selectedId: string | undefined;
  onOpen: (property: PropertyItem) => void;
}) {
  return (
    <SearchedList
      query={propertyListQueryOptions}
      pageSize={PROPERTY_LIST_PAGE_SIZE}
      searchLabel="Buscar propriedades"
      searchPlaceholder="Nome, CNPJ ou município"
      countLabel={propertyCountLabel}
      errorTitle="Não foi possível carregar as propriedades"
      skeleton={<TableSkeleton />}
      empty={(search, clear) => (
        <EmptyList
          icon={<IconBuildingWarehouse size={30} />}
          title={
            search
              ? `Nenhuma propriedade encontrada para "${search}"`
              : 'Nenhuma propriedade cadastrada'
          }
          hint={
            search
              ? 'Confira a grafia ou busque pelo nome, pelo CNPJ ou pelo município.'
              : 'As propriedades aparecem aqui assim que um produtor as cadastra.'
          }
          onClear={search ? clear : undefined}
        />
      )}
    >
      {(items, busy) => (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-busy={busy}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th visibleFrom="sm">CNPJ</Table.Th>
                <Table.Th visibleFrom="sm">Município</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((property) => (
                <Table.Tr
                  key={property.id}
                  onClick={() => onOpen(property)}
                  style={{ cursor: 'pointer' }}
                  bg={selectedId === property.id ? 'var(--mantine-color-leaf-light)' : undefined}
                >
                  <Table.Td>
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                      aria-haspopup="dialog"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(property);
                      }}
                    >
                      {property.businessName}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatCnpj(property.cnpj)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{property.municipality}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      component={Link}
                      to={paths.property(property.id)}
                      size="xs"
                      variant="light"
                      aria-label={`Detalhes de ${property.businessName}`}
                      onClick={(event) => event.stopPropagation()}
                    >
                      Detalhes
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </SearchedList>
  );
}
