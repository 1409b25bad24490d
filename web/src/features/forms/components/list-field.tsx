import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title, ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { messages, withUnit } from '@agroselo/contracts';
import { errorMessage, isApiError, NETWORK_ERROR_STATUS } from '../../../api';
import { useAddRow, useDeleteRow, type CellItem, type FieldInstanceItem } from '../api';
import { answering, type FormEditor } from '../use-form-editor';
import { FieldInput } from './field-input';
import { PendencyNote } from './pendency-note';
import { ProofField } from './proof-field';
import { SeasonNotes } from './season-notes';
import { OnDemandModal } from './on-demand-modal';

const m = { ...messages.forms, notApplicable: messages.logic.notApplicable };

type Column = FieldInstanceItem['field']['childFields'][number];
interface Row {
  id: string;
  /** Column id → its cell; a cell deleted on its own leaves a gap. */
  cells: Map<string, CellItem>;
}

/** The cells of a Lista by row, in the order the server gives them (rows by creation). */
export function rowsOf(table: FieldInstanceItem): Row[] {
  const rows = new Map<string, Row>();
  for (const cell of table.childFieldInstances) {
    const id = cell.rowId ?? cell.id;
    const row = rows.get(id) ?? { id, cells: new Map<string, CellItem>() };
    row.cells.set(cell.field.id, cell);
    rows.set(id, row);
  }
  return [...rows.values()];
}

/**
 * Spec §2: the first column always, the second and third from medium screens, the rest from
 * large ones; 'Ver mais' shows the whole row where some are hidden.
 */
const columnVisibility = (index: number) =>
  index === 0 ? {} : index < 3 ? { visibleFrom: 'md' } : { visibleFrom: 'lg' };

const failureMessage = (error: unknown, fallback: string) =>
  isApiError(error) && error.status === NETWORK_ERROR_STATUS
    ? m.needsOnline
    : errorMessage(error, fallback);

interface ListFieldProps {
  instanceId: string;
  formId: string;
  table: FieldInstanceItem;
  editor: FormEditor;
  /** The whole form is locked for the caller (finished, or not theirs). */
  locked: boolean;
  proofErrors: Record<string, string>;
}

/**
 * A Lista: its rows as a table whose cells are edited in place, rows added and deleted; with its
 * pendência, which reopens it on a finished form while open.
 */
export function ListField({
  instanceId,
  formId,
  table,
  editor,
  locked,
  proofErrors,
}: ListFieldProps) {
  const headingId = useId();
  const columns = table.field.childFields;
  const rows = rowsOf(table);
  const addRow = useAddRow(instanceId, formId);
  const deleteRow = useDeleteRow(instanceId, formId);
  const [opened, setOpened] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  // An open pendência on the Lista reopens it whole (rows and cells) on a finished form.
  const reopened = table.editable;
  const editable = reopened || (!locked && !table.readOnly);
  const moreFrom = columns.length > 3 ? 'lg' : 'md';
  // A locked table keeps its actions column only where 'Ver mais' is needed to read a row.
  const withActions = editable || columns.length > 1;
  const actionsVisibility = editable ? {} : { hiddenFrom: moreFrom };

  const cellLabel = (column: Column, index: number) => `${column.name}, linha ${index + 1}`;

  const columnRules = new Map(table.logic.columns.map((rules) => [rules.fieldId, rules]));
  const renderCell = (row: Row, column: Column, index: number, compact: boolean) => {
    const cell = row.cells.get(column.id);
    if (!cell) {
      return (
        <Text size="sm" c="dimmed">
          —
        </Text>
      );
    }
    // A cell an earlier cell of its row says does not apply.
    if (editor.hidden.has(cell.id)) {
      return compact ? (
        <Text size="sm" c="dimmed" mih={36} pt={6}>
          {m.notApplicable}
        </Text>
      ) : null;
    }
    const label = compact ? cellLabel(column, index) : column.name;
    const disabled = !reopened && (locked || cell.readOnly);
    return (
      <Stack gap={4}>
        <FieldInput
          field={cell}
          label={label}
          {...answering(editor, cell)}
          required={columnRules.get(column.id)?.required}
          disabled={disabled}
          error={editor.errors[cell.id]}
          compact={compact}
        />
        {cell.field.proof && (
          <ProofField
            instanceId={instanceId}
            formId={formId}
            field={cell}
            label={`comprovante de ${cellLabel(column, index)}`}
            disabled={disabled}
            error={proofErrors[cell.id]}
          />
        )}
      </Stack>
    );
  };

  const add = () =>
    addRow.mutate(table.id, {
      onError: (error) =>
        notifications.show({ color: 'red', message: failureMessage(error, m.rowAddFailed) }),
    });

  const confirmDelete = () => {
    const row = deleting === null ? undefined : rows[deleting];
    if (!row) return;
    deleteRow.mutate(row.id, {
      onSuccess: () => {
        editor.forget([...row.cells.values()].map((cell) => cell.id));
        setDeleting(null);
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: failureMessage(error, m.rowDeleteFailed) }),
    });
  };

  const openRow = opened === null ? undefined : rows[opened];
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id={headingId}>
            {table.field.name}
          </Title>
          {table.readOnly && !locked && (
            <Text size="xs" c="dimmed">
              Preenchida pelo técnico responsável
            </Text>
          )}
        </Group>
        {table.pendency && (
          <PendencyNote pendency={table.pendency} editable={reopened} instanceId={instanceId} />
        )}
        <SeasonNotes instanceId={instanceId} formId={formId} field={table} canConfirm={!locked} />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma linha adicionada.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" highlightOnHover={false} aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} visibleFrom="sm">
                    Nº
                  </Table.Th>
                  {columns.map((column, index) => (
                    <Table.Th key={column.id} {...columnVisibility(index)}>
                      {column.name}
                    </Table.Th>
                  ))}
                  {withActions && (
                    <Table.Th w={editable ? 96 : 60} {...actionsVisibility}>
                      Ações
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={row.id}>
                    <Table.Td visibleFrom="sm">{index + 1}</Table.Td>
                    {columns.map((column, columnIndex) => (
                      <Table.Td key={column.id} {...columnVisibility(columnIndex)} valign="top">
                        {renderCell(row, column, index, true)}
                      </Table.Td>
                    ))}
                    {withActions && (
                      <Table.Td valign="top" {...actionsVisibility}>
                        <Group gap={4} mih={36} wrap="nowrap">
                          {columns.length > 1 && (
                            <Button
                              hiddenFrom={moreFrom}
                              size="compact-sm"
                              variant="subtle"
                              leftSection={<IconEye size={16} aria-hidden />}
                              onClick={() => setOpened(index)}
                              aria-label={`Ver mais da linha ${index + 1}`}
                            >
                              Ver mais
                            </Button>
                          )}
                          {editable && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(index)}
                              aria-label={`Excluir linha ${index + 1}`}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListTotal table={table} editor={editor} />
        {editable && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={add}
              loading={addRow.isPending}
            >
              Adicionar linha
            </Button>
          </Group>
        )}
        {!table.logic.total && editor.errors[table.id] && (
          <Text size="sm" c="red.8" role="alert">
            {editor.errors[table.id]}
          </Text>
        )}
      </Stack>

      <OnDemandModal
        opened={openRow !== undefined}
        onClose={() => setOpened(null)}
        title={openRow ? `${table.field.name}: linha ${(opened ?? 0) + 1}` : ''}
        size="lg"
      >
        {openRow && (
          <Stack gap="md">
            {columns.map((column) => (
              <div key={column.id}>{renderCell(openRow, column, opened ?? 0, false)}</div>
            ))}
            <Group justify="space-between">
              {editable ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => {
                    setDeleting(opened);
                    setOpened(null);
                  }}
                >
                  Excluir linha
                </Button>
              ) : (
                <span />
              )}
              <Button onClick={() => setOpened(null)}>Concluído</Button>
            </Group>
          </Stack>
        )}
      </OnDemandModal>

      <OnDemandModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Excluir a linha ${(deleting ?? 0) + 1}?`}
      >
        <Stack gap="md">
          <Text size="sm">
            A linha e o que foi preenchido nela, comprovantes incluídos, serão excluídos.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancelar
            </Button>
            <Button color="red" onClick={confirmDelete} loading={deleteRow.isPending}>
              Excluir linha
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </Paper>
  );
}

/**
 * The sum of a Lista's Número column under its rows, as the answers change, and what its limit
 * says when passed (issue 45).
 */
function ListTotal({ table, editor }: { table: FieldInstanceItem; editor: FormEditor }) {
  const total = editor.totals.get(table.id);
  const column = table.field.childFields.find((item) => item.id === table.logic.total?.fieldId);
  if (total === undefined || !column) return null;
  const error = editor.errors[table.id];
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm" fw={600}>
        Total de {column.name}: {withUnit(total, column.unit, column.decimals ?? undefined)}
      </Text>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
