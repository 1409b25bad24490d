import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBuildingWarehouse, IconChevronRight } from '@tabler/icons-react';
import { REGION_LABELS, regionOf, type PropertySortKey } from '@agroselo/contracts';
import { ExportMenu } from '../../../components/export-menu';
import { EmptyList } from '../../../components/list/empty-list';
import { StatusBadge } from '../../../components/status-badge';
import type { DataColumn } from '../../../components/table/data-table';
import { FilterForm, FilterText, RegionFilter } from '../../../components/table/filter-form';
import { SearchedTable } from '../../../components/table/searched-table';
import { useTableView } from '../../../components/table/table-address';
import { formatCnpj } from '../../../lib/masks';
import { propertyListQueryOptions, type PropertyItem } from '../api';
import { propertyCountLabel } from '../format';
import {
  PROPERTY_VIEW,
  propertyApiFilters,
  type PropertyView,
  type PropertyViewChange,
} from '../table-view';

const PAGE_SIZE = 25;

interface PropertyTableProps {
  /** The row's name opens the overlay of the property. */
  onOpen: (property: PropertyItem) => void;
  detailsPath: (propertyId: string) => string;
}

/** How many seal requests, and where the latest one stands. */
function Requests({ property }: { property: PropertyItem }) {
  const latest = property.processInstances.at(-1);
  if (!latest)
    return (
      <Text size="sm" c="dimmed">
        Nenhum
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      {/* Whole: a badge cut to 'AGUARDAND…' says nothing; the names and towns wrap instead. */}
      <StatusBadge status={latest.status} size="sm" miw="max-content" />
      <Text size="xs" c="dimmed">
        {property.processInstances.length} · <VisuallyHidden>último: </VisuallyHidden>
        {latest.process.stamp.name}
      </Text>
    </Stack>
  );
}

function columnsOf({
  onOpen,
  detailsPath,
}: PropertyTableProps): DataColumn<PropertyItem, PropertySortKey>[] {
  return [
    {
      id: 'name',
      header: 'Nome',
      sortKey: 'business_name',
      cell: (property) => (
        <UnstyledButton
          fw={600}
          fz="sm"
          style={{ textAlign: 'left' }}
          aria-haspopup="dialog"
          onClick={() => onOpen(property)}
        >
          {property.businessName}
        </UnstyledButton>
      ),
    },
    {
      id: 'cnpj',
      header: 'CNPJ',
      sortKey: 'cnpj',
      numeric: true,
      cell: (property) => formatCnpj(property.cnpj),
    },
    {
      id: 'municipality',
      header: 'Município',
      sortKey: 'municipality',
      cell: (property) => property.municipality,
    },
    {
      id: 'region',
      header: 'Região',
      sortKey: 'region',
      cell: (property) => REGION_LABELS[regionOf(property.municipality)],
    },
    {
      id: 'responsible',
      header: 'Responsável',
      sortKey: 'responsible_name',
      cell: (property) => (
        <>
          {property.responsibleName}
          {property.owner.name !== property.responsibleName && (
            <Text size="xs" c="dimmed">
              Produtor: {property.owner.name}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'requests',
      header: 'Pedidos',
      sortKey: 'requests',
      cell: (property) => <Requests property={property} />,
    },
    {
      id: 'details',
      header: <VisuallyHidden>Ações</VisuallyHidden>,
      // An icon, so that the seven columns fit 1280 px beside the side menu; the name opens the
      // overlay, whose 'Detalhes' says it in words.
      cell: (property) => (
        <Tooltip label="Detalhes" withArrow>
          <ActionIcon
            component={Link}
            to={detailsPath(property.id)}
            size="lg"
            variant="light"
            aria-label={`Detalhes de ${property.businessName}`}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
}

function PropertyFilters({
  view,
  change,
  filtered,
  actions,
}: {
  view: PropertyView;
  change: (next: PropertyViewChange) => void;
  filtered: boolean;
  actions: ReactNode;
}) {
  return (
    <FilterForm
      cols={{ base: 2, md: 4 }}
      filtered={filtered}
      onClear={() => change({ region: null, municipality: '' })}
      actions={actions}
    >
      <RegionFilter value={view.region} onChange={(region) => change({ region })} />
      <FilterText
        label="Município"
        placeholder="Todos"
        value={view.municipality}
        onCommit={(municipality) => change({ municipality })}
      />
    </FilterForm>
  );
}

/**
 * The property table (from 992 px): filters by region and municipality, the search (name, CNPJ
 * or producer), sortable columns, the row count and 'Exportar' of the view. The whole view lives
 * in the address (table-view.ts). Its code loads only on wide screens (properties.page.tsx).
 */
export function PropertyTable({ onOpen, detailsPath }: PropertyTableProps) {
  const { view, change } = useTableView(PROPERTY_VIEW);
  const filters = useMemo(() => propertyApiFilters(view), [view]);
  const columns = useMemo(() => columnsOf({ onOpen, detailsPath }), [onOpen, detailsPath]);
  const filtered = view.region !== null || view.municipality !== '';
  return (
    <Stack gap="md">
      <PropertyFilters
        view={view}
        change={change}
        filtered={filtered}
        actions={<ExportMenu list="properties" filters={filters} />}
      />
      <SearchedTable
        query={(params) => propertyListQueryOptions({ ...params, pageSize: PAGE_SIZE }, filters)}
        pageSize={PAGE_SIZE}
        searchLabel="Buscar propriedades"
        searchPlaceholder="Nome, CNPJ ou produtor"
        countLabel={propertyCountLabel}
        errorTitle="Não foi possível carregar as propriedades"
        loadingLabel="Carregando propriedades…"
        empty={(search, clear) => (
          <EmptyList
            icon={<IconBuildingWarehouse size={30} />}
            title={
              search
                ? `Nenhuma propriedade encontrada para "${search}"`
                : filtered
                  ? 'Nenhuma propriedade com esses filtros'
                  : 'Nenhuma propriedade cadastrada'
            }
            hint={
              search
                ? 'Confira a grafia ou busque pelo nome, pelo CNPJ ou pelo produtor.'
                : filtered
                  ? 'Escolha outra região ou outro município, ou limpe os filtros.'
                  : 'As propriedades aparecem aqui assim que um produtor as cadastra.'
            }
            onClear={search ? clear : undefined}
          />
        )}
        table={{
          columns,
          getRowId: (property) => property.id,
          sort: view.sort,
          onSort: (sort) => change({ sort }),
          label: 'Propriedades',
          minWidth: 960,
        }}
      />
    </Stack>
  );
}
