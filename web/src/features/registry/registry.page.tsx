import { useId, useMemo } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  REGION_LABELS,
  REGIONS,
  REGISTRY_LEVEL_LABELS,
  REGISTRY_LEVELS,
  safraOf,
  type RegistryFilter,
  type RegistryLevel,
  type Region,
} from '@agroselo/contracts';
import { paths } from '../../lib/paths';
import { LoadError } from '../../components/error-alert';
import { ListSearchBox } from '../../components/list/list-search-box';
import { PagePicker } from '../../components/list/page-picker';
import { useListSearch } from '../../components/list/use-list-search';
import { LevelBadge } from '../../components/certificates/level-badge';
import { formatPeriod } from '../../lib/dates';
import { stampsQueryOptions } from '../../queries/stamps';
import { REGISTRY_PAGE_SIZE, registryCsvUrl, registryQueryOptions, type RegistryItem } from './api';

/** The filters besides the search, as the address names them. */
type FilterParam = 'selo' | 'safra' | 'nivel' | 'regiao';

/** A card's height: the skeletons reserve it, so the page does not jump when rows arrive. */
const ROW_HEIGHT = 132;

/** From two safras ahead to three back, newest first: the seasons certificates are valid in. */
function recentSafras(): string[] {
  const first = Number(safraOf(new Date().toISOString().slice(0, 10)).slice(0, 4));
  return [2, 1, 0, -1, -2, -3].map(
    (offset) => `${first + offset}/${String((first + offset + 1) % 100).padStart(2, '0')}`,
  );
}

function RegistryRow({ entry }: { entry: RegistryItem }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" mih={ROW_HEIGHT}>
      <Stack gap={4}>
        <Anchor
          component={Link}
          to={paths.verify(entry.certificateNumber)}
          underline="always"
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
        >
          {entry.businessName}
        </Anchor>
        <Text size="sm" c="dimmed">
          <IconMapPin size={14} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
          {entry.municipality} · {entry.regionLabel}
        </Text>
        <Group gap={6}>
          <Badge variant="light" tt="none">
            {entry.seal.name} · safra {entry.safra}
          </Badge>
          <LevelBadge level={entry.level} />
        </Group>
        <Text size="xs" c="dimmed">
          Certificado {entry.certificateNumber} · validade{' '}
          {formatPeriod(entry.validFrom, entry.validUntil)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /certificados: the public registry of certified properties that agreed to be listed. */
export function RegistryPage() {
  const headingId = useId();
  const list = useListSearch();
  const { search, page } = list;
  const [params, setParams] = useSearchParams();

  const filter: RegistryFilter = useMemo(() => {
    const value = (name: FilterParam) => params.get(name) || undefined;
    return {
      query: search || undefined,
      process_id: value('selo'),
      safra: value('safra'),
      level: value('nivel') as RegistryLevel | undefined,
      region: value('regiao') as Region | undefined,
    };
  }, [params, search]);

  const setFilter = (name: FilterParam, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('pagina');
        return next;
      },
      { replace: true },
    );

  const query = useQuery(registryQueryOptions(filter, page));
  const seals = useQuery(stampsQueryOptions());
  const total = query.data?.total ?? 0;
  const pages = Math.ceil(total / REGISTRY_PAGE_SIZE);
  const safras = useMemo(() => recentSafras(), []);

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1} id={headingId}>
            Certificados emitidos
          </Title>
          <Text>
            Propriedades com selo válido que aceitaram aparecer neste registro. Abra uma delas para
            conferir o certificado.
          </Text>
        </Stack>

        <Stack gap="sm">
          <ListSearchBox
            label="Buscar certificados"
            placeholder="Nome, município ou número do certificado"
            value={list.draft}
            onType={list.type}
            onClear={list.clear}
            onSubmit={list.submit}
            busy={query.isFetching && query.isPlaceholderData}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Select
              label="Selo"
              placeholder="Todos"
              clearable
              data={(seals.data ?? [])
                .filter((seal) => seal.processId)
                .map((seal) => ({ value: seal.processId!, label: seal.name }))}
              value={filter.process_id ?? null}
              onChange={(value) => setFilter('selo', value)}
            />
            <Select
              label="Safra"
              placeholder="Todas"
              clearable
              data={safras}
              value={filter.safra ?? null}
              onChange={(value) => setFilter('safra', value)}
            />
            <Select
              label="Nível"
              placeholder="Todos"
              clearable
              data={REGISTRY_LEVELS.map((level) => ({
                value: level,
                label: REGISTRY_LEVEL_LABELS[level],
              }))}
              value={filter.level ?? null}
              onChange={(value) => setFilter('nivel', value)}
            />
            <Select
              label="Região"
              placeholder="Todas"
              clearable
              data={REGIONS.map((region) => ({ value: region, label: REGION_LABELS[region] }))}
              value={filter.region ?? null}
              onChange={(value) => setFilter('regiao', value)}
            />
          </SimpleGrid>
        </Stack>

        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" mih={22}>
            {query.data
              ? total === 1
                ? '1 certificado encontrado'
                : total > 1
                  ? `${total} certificados encontrados`
                  : 'Nenhum certificado encontrado com esses filtros.'
              : 'Carregando certificados…'}
          </Text>
          <Button
            component="a"
            href={registryCsvUrl(filter)}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Baixar CSV
          </Button>
        </Group>

        {query.isError ? (
          <LoadError title="Não foi possível carregar os certificados" query={query} />
        ) : (
          <SimpleGrid
            component="ul"
            aria-labelledby={headingId}
            aria-busy={!query.data}
            cols={{ base: 1, sm: 2 }}
            spacing="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {query.data
              ? query.data.items.map((entry) => (
                  <RegistryRow key={entry.certificateNumber} entry={entry} />
                ))
              : Array.from({ length: 6 }, (_, index) => (
                  <Skeleton component="li" key={index} h={ROW_HEIGHT} radius="md" />
                ))}
          </SimpleGrid>
        )}
        <PagePicker
          label="Páginas de certificados"
          total={pages}
          page={page}
          onChange={list.changePage}
        />
      </Stack>
    </Container>
  );
}
