import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { messages, REGION_LABELS } from '@agroselo/contracts';
import { errorMessage } from '../../api';
import { LoadError } from '../../components/error-alert';
import { useSaveStaleDays, workloadQueryOptions, type WorkloadBoard } from './api';

type Figures = WorkloadBoard['total'];

/** Where a figure leads: the requests table (`/process-instances`) filtered to what it counts. */
interface Scope {
  /** `tecnico=` or `regiao=` of the table's address. */
  param: ['tecnico' | 'regiao', string] | null;
  safra: string | null;
}

function tableLink(scope: Scope, filters: Record<string, string>): string {
  const params = new URLSearchParams();
  if (scope.safra) params.set('safra', scope.safra);
  if (scope.param) params.set(scope.param[0], scope.param[1]);
  for (const [name, value] of Object.entries(filters)) params.set(name, value);
  return `/process-instances?${params.toString()}`;
}

const COLUMNS: {
  key: keyof Figures;
  header: string;
  filters?: (staleDays: number) => Record<string, string>;
}[] = [
  { key: 'assigned', header: 'Em aberto', filters: () => ({}) },
  {
    key: 'awaitingEvaluation',
    header: 'Aguardando avaliação',
    filters: () => ({ situacao: 'aguardando-avaliacao' }),
  },
  {
    key: 'awaitingProducer',
    header: 'Aguardando produtor',
    filters: () => ({ situacao: 'aguardando-produtor' }),
  },
  { key: 'inProgress', header: 'Em andamento', filters: () => ({ situacao: 'iniciados' }) },
  { key: 'pendenciesOpen', header: 'Pendências abertas' },
  { key: 'pendenciesLate', header: 'Pendências atrasadas', filters: () => ({ atrasadas: 'sim' }) },
  { key: 'inspectionsDue', header: 'Vistorias a fazer' },
  { key: 'concluded', header: 'Concluídos na safra', filters: () => ({ situacao: 'concluidos' }) },
  {
    key: 'stale',
    header: 'Parados além do limite',
    filters: (staleDays) => ({ parado: String(staleDays + 1) }),
  },
];

const days = (value: number | null) =>
  value === null ? '—' : value === 1 ? '1 dia' : `${value} dias`;

function FigureRow({
  name,
  figures,
  scope,
  staleDays,
}: {
  name: string;
  figures: Figures;
  scope: Scope;
  staleDays: number;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{name}</Table.Th>
      {COLUMNS.map((column) => {
        const value = figures[column.key] as number;
        return (
          <Table.Td key={column.key} ta="right">
            {column.filters && value > 0 ? (
              <Anchor
                component={Link}
                to={tableLink(scope, column.filters(staleDays))}
                aria-label={`${column.header}: ${value}, ${name}`}
              >
                {value}
              </Anchor>
            ) : (
              value
            )}
          </Table.Td>
        );
      })}
      {(['oldestWaitingDays', 'oldestIdleDays'] as const).map((key) => {
        const value = figures[key];
        const late = value !== null && value > staleDays;
        return (
          <Table.Td key={key} ta="right" fw={late ? 700 : undefined} c={late ? 'red.9' : undefined}>
            {days(value)}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

function FiguresTable({
  caption,
  first,
  rows,
  staleDays,
}: {
  caption: string;
  first: string;
  rows: { name: string; figures: Figures; scope: Scope }[];
  staleDays: number;
}) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Table.ScrollContainer minWidth={1000}>
        <Table striped highlightOnHover captionSide="top">
          <Table.Caption>
            <Text fw={700} ta="left" c="var(--mantine-color-text)">
              {caption}
            </Text>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{first}</Table.Th>
              {COLUMNS.map((column) => (
                <Table.Th key={column.key} scope="col" ta="right">
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Mais antigo: desde o pedido
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Mais antigo: sem movimento
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <FigureRow key={row.name} {...row} staleDays={staleDays} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function StaleDaysForm({ current }: { current: number }) {
  const [value, setValue] = useState<number | string>(current);
  const save = useSaveStaleDays();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(Number(value), {
          onSuccess: () => notifications.show({ color: 'green', message: messages.workload.saved }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, messages.workload.saveFailed),
            }),
        });
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label="Destacar pedidos sem movimento há mais de (dias)"
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setValue}
          w={320}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          Salvar limite
        </Button>
      </Group>
    </form>
  );
}

/** 'Carga de trabalho' (admins, issue 43): each technician's and region's requests of a safra. */
export function WorkloadPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('safra') ?? undefined;
  const board = useQuery(workloadQueryOptions(asked));
  const data = board.data;
  const safra = data?.safra ?? null;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>Carga de trabalho</Title>
            <Text c="dimmed">
              Pedidos da safra por técnico e por região. Clique num número para abrir a lista
              filtrada.
            </Text>
          </Stack>
          {data && data.safras.length > 0 && (
            <Select
              label="Safra"
              data={data.safras}
              value={safra}
              allowDeselect={false}
              onChange={(value) => value && setParams({ safra: value })}
              w={160}
            />
          )}
        </Group>
        {board.isPending ? (
          <Skeleton h={400} radius="lg" />
        ) : board.isError ? (
          <LoadError title="Não foi possível carregar a carga de trabalho" query={board} />
        ) : (
          <>
            <StaleDaysForm key={data!.staleDays} current={data!.staleDays} />
            <FiguresTable
              caption="Por técnico"
              first="Técnico"
              staleDays={data!.staleDays}
              rows={[
                ...data!.technicians.map((row) => ({
                  name: row.technician?.name ?? 'Sem técnico',
                  figures: row,
                  scope: {
                    safra,
                    param: ['tecnico', row.technician?.id ?? 'sem-tecnico'] as Scope['param'],
                  },
                })),
                { name: 'Total', figures: data!.total, scope: { safra, param: null } },
              ]}
            />
            <FiguresTable
              caption="Por região"
              first="Região"
              staleDays={data!.staleDays}
              rows={data!.regions.map((row) => ({
                name: REGION_LABELS[row.region],
                figures: row,
                scope: { safra, param: ['regiao', REGION_LABELS[row.region]] as Scope['param'] },
              }))}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
