import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  CloseButton,
  Container,
  Drawer,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBuildingWarehouse, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { LoadError } from '../../components/error-alert';
import { formatCnpj } from '../../lib/masks';
import { useListParams } from '../../lib/use-list-params';
import { propertyListQueryOptions, type PropertyItem } from './api';
import { InstanceBadges } from './components/instance-badges';
import { PagePicker } from './components/page-picker';
import { formatCar, propertyCountLabel } from './format';

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 350;

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
  const { search, page, setSearch, setPage } = useListParams();
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  const [selected, setSelected] = useState<PropertyItem | null>(null);
  // The address changed on its own (back button, a link): show its search in the box.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== draft.trim()) setDraft(search);
  }
  const commit = useDebouncedCallback((value: string) => setSearch(value.trim()), {
    delay: SEARCH_DEBOUNCE_MS,
  });

  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData, isFetching } =
    useQuery(propertyListQueryOptions({ search, page, pageSize: PAGE_SIZE }));

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const outOfRange = Boolean(data) && !isPlaceholderData && page > pages;
  useEffect(() => {
    if (outOfRange) setPage(pages);
  }, [outOfRange, pages, setPage]);

  const clear = () => {
    commit.cancel();
    setDraft('');
    setSearch('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit.cancel();
    setSearch(draft.trim());
  };

  let content: ReactNode;
  if (isPending) {
    content = <TableSkeleton />;
  } else if (isError) {
    content = (
      <LoadError
        title="Não foi possível carregar as propriedades"
        error={error}
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.items.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconBuildingWarehouse size={30} />
          </ThemeIcon>
          <Text fw={700}>
            {search
              ? `Nenhuma propriedade encontrada para "${search}"`
              : 'Nenhuma propriedade cadastrada'}
          </Text>
          <Text size="sm" c="dimmed" maw={460}>
            {search
              ? 'Confira a grafia ou busque pelo nome, pelo CNPJ ou pelo município.'
              : 'As propriedades aparecem aqui assim que um produtor as cadastra.'}
          </Text>
          {search && (
            <Button variant="light" mt="xs" onClick={clear}>
              Limpar busca
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <Stack gap="lg">
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="md"
            aria-busy={isPlaceholderData}
          >
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
              {data.items.map((property) => (
                <Table.Tr
                  key={property.id}
                  onClick={() => setSelected(property)}
                  style={{ cursor: 'pointer' }}
                  bg={selected?.id === property.id ? 'var(--mantine-color-leaf-light)' : undefined}
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
        <PagePicker
          label="Paginação"
          total={pages}
          page={page}
          onChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
        />
      </Stack>
    );
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Propriedades</Title>
            <Text c="dimmed">As propriedades cadastradas pelos produtores.</Text>
          </Stack>
          <Button
            component={Link}
            to={paths.registerProperty()}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Nova propriedade
          </Button>
        </Group>
        <form role="search" onSubmit={submit}>
          <TextInput
            type="search"
            aria-label="Buscar propriedades"
            placeholder="Nome, CNPJ ou município"
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              commit(event.currentTarget.value);
            }}
            leftSection={
              isFetching && isPlaceholderData ? (
                <Loader size={16} aria-hidden />
              ) : (
                <IconSearch size={18} aria-hidden />
              )
            }
            rightSection={
              draft ? <CloseButton aria-label="Limpar busca" onClick={clear} /> : undefined
            }
            size="md"
            maw={560}
          />
        </form>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {data && !isError ? propertyCountLabel(total, search) : ''}
        </Text>
        {content}
      </Stack>
      <PropertyOverlay property={selected} onClose={() => setSelected(null)} />
    </Container>
  );
}
