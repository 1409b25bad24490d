import { useState, type ReactNode } from 'react';
import {
  Button,
  Container,
  Drawer,
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
import { IconBuildingWarehouse, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { ExportMenu } from '../../components/export-menu';
import { EmptyList } from '../../components/list/empty-list';
import { SearchedList } from '../../components/list/searched-list';
import { formatCnpj } from '../../lib/masks';
import { propertyListQueryOptions, type PropertyItem } from './api';
import { InstanceBadges } from './components/instance-badges';
import { formatCar, propertyCountLabel } from './format';

export const PAGE_SIZE = 20;

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
function PropertyOverlay({
  property,
  onClose,
}: {
  property: PropertyItem | null;
  onClose: () => void;
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
              to={paths.editProperty(property.id)}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              Editar
            </Button>
            <Button component={Link} to={paths.property(property.id)} variant="default">
              Detalhes
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando propriedades…</VisuallyHidden>
      <Stack gap="sm" aria-hidden>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={40} />
        ))}
      </Stack>
    </div>
  );
}

/** Spec §2 '/properties': every property, for technicians and admins, searched on the server. */
export function PropertiesPage() {
  const [selected, setSelected] = useState<PropertyItem | null>(null);

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Propriedades</Title>
            <Text c="dimmed">As propriedades cadastradas pelos produtores.</Text>
          </Stack>
          <Group gap="sm">
            <ExportMenu list="properties" />
            <Button
              component={Link}
              to={paths.registerProperty()}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              Nova propriedade
            </Button>
          </Group>
        </Group>
        <SearchedList
          query={propertyListQueryOptions}
          pageSize={PAGE_SIZE}
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
                    <Table.Th visibleFrom="lg">Município</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((property) => (
                    <Table.Tr
                      key={property.id}
                      onClick={() => setSelected(property)}
                      style={{ cursor: 'pointer' }}
                      bg={
                        selected?.id === property.id ? 'var(--mantine-color-leaf-light)' : undefined
                      }
                    >
                      <Table.Td>
                        <UnstyledButton
                          fw={600}
                          fz="sm"
                          style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                          aria-haspopup="dialog"
                          onClick={(event) => {
                            event.stopPropagation();
                            setSelected(property);
                          }}
                        >
                          {property.businessName}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatCnpj(property.cnpj)}
                      </Table.Td>
                      <Table.Td visibleFrom="lg">{property.municipality}</Table.Td>
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
      </Stack>
      <PropertyOverlay property={selected} onClose={() => setSelected(null)} />
    </Container>
  );
}
