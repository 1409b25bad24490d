import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIELD_NAME_MAX,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  FieldRegisterBodySchema,
  messages,
  NUMBER_DECIMALS_DEFAULT,
  NUMBER_DECIMALS_MAX,
  NUMBER_UNIT_MAX,
  NUMBER_UNITS,
  type FieldType,
} from '@agroselo/contracts';
import { fieldLibraryQueryOptions, registerField, sealKeys, type FieldItem } from '../api';
import { notifyFailure, notifySuccess } from '../notify';

const m = messages.seals;
const COLUMN_TYPES = FIELD_TYPES.filter((type) => type !== 'form');

interface CreateFieldModalProps {
  /** 'Campo' in a form, 'Documento' in a process. */
  noun: 'Campo' | 'Documento';
  opened: boolean;
  onClose: () => void;
}

/** A 'Número''s unit (one of the usual, or any other) and decimal places. */
function NumberSettings({
  unit,
  onUnit,
  decimals,
  onDecimals,
  error,
  unitLabel = 'Unidade',
}: {
  unit: string;
  onUnit: (unit: string) => void;
  decimals?: string;
  onDecimals?: (decimals: string) => void;
  error?: string;
  unitLabel?: string;
}) {
  return (
    <Group gap="sm" align="flex-start" grow>
      <Autocomplete
        label={unitLabel}
        description="ha, cm, L/ha, kg ou outra"
        data={[...NUMBER_UNITS]}
        value={unit}
        onChange={onUnit}
        maxLength={NUMBER_UNIT_MAX}
        error={error}
        miw={120}
      />
      {onDecimals && (
        <NativeSelect
          label="Casas decimais"
          description="0 para números inteiros"
          value={decimals}
          onChange={(event) => onDecimals(event.currentTarget.value)}
          data={Array.from({ length: NUMBER_DECIMALS_MAX + 1 }, (_, places) => String(places))}
        />
      )}
    </Group>
  );
}

/** 'Novo Campo' / 'Novo Documento': a field of the library; a Lista chooses or creates columns. */
export function CreateFieldModal({ noun, opened, onClose }: CreateFieldModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Novo ${noun}`} centered size="lg">
      {opened && <CreateFieldForm noun={noun} onClose={onClose} />}
    </Modal>
  );
}

function CreateFieldForm({
  noun,
  onClose,
}: {
  noun: CreateFieldModalProps['noun'];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('text');
  const [producerReadOnly, setProducerReadOnly] = useState(false);
  const [proof, setProof] = useState(false);
  const [columns, setColumns] = useState<FieldItem[]>([]);
  const [unit, setUnit] = useState('');
  const [decimals, setDecimals] = useState(String(NUMBER_DECIMALS_DEFAULT));
  const [errors, setErrors] = useState<{ name?: string; columns?: string; unit?: string }>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = FieldRegisterBodySchema.safeParse({
      name,
      type,
      producer_read_only: producerReadOnly,
      proof,
      child_fields: type === 'form' ? columns.map((column) => column.id) : [],
      ...(type === 'number' ? { unit, decimals: Number(decimals) } : {}),
    });
    if (!parsed.success) {
      const issueAt = (path: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === path)?.message;
      setErrors({
        name: issueAt('name'),
        columns: issueAt('child_fields'),
        unit: issueAt('unit') ?? issueAt('decimals'),
      });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await registerField(parsed.data);
    } catch (error) {
      notifyFailure(m.fieldCreateFailed, error);
      setSaving(false);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sealKeys.library() });
    notifySuccess(noun === 'Campo' ? m.fieldCreated : m.documentCreated);
    onClose();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome"
          required
          maxLength={FIELD_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          description={`${name.length}/${FIELD_NAME_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-autofocus
        />
        <Radio.Group
          label="Tipo"
          required
          value={type}
          onChange={(value) => setType(value as FieldType)}
        >
          <Group gap="md" mt={6}>
            {FIELD_TYPES.map((option) => (
              <Radio key={option} value={option} label={FIELD_TYPE_LABELS[option]} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox
          label="Somente leitura para o produtor"
          description="Preenchido pelo técnico ou administrador"
          checked={producerReadOnly}
          onChange={(event) => setProducerReadOnly(event.currentTarget.checked)}
        />
        <Checkbox
          label="Requer comprovante"
          description="O produtor anexa um arquivo a este campo"
          checked={proof}
          onChange={(event) => setProof(event.currentTarget.checked)}
        />
        {type === 'number' && (
          <NumberSettings
            unit={unit}
            onUnit={setUnit}
            decimals={decimals}
            onDecimals={setDecimals}
            error={errors.unit}
          />
        )}
        {type === 'form' && (
          <ListColumns columns={columns} onChange={setColumns} error={errors.columns} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Criando...' : 'Criar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ListColumns({
  columns,
  onChange,
  error,
}: {
  columns: FieldItem[];
  onChange: (columns: FieldItem[]) => void;
  error?: string;
}) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const library = useQuery(fieldLibraryQueryOptions(debounced.trim()));
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<FieldType>('text');
  const [newUnit, setNewUnit] = useState('');
  const [creating, setCreating] = useState(false);
  const [newError, setNewError] = useState<string | undefined>();

  const chosen = new Set(columns.map((column) => column.id));
  const options = (library.data ?? [])
    .filter((field) => field.type !== 'form' && !chosen.has(field.id))
    .map((field) => ({ value: field.id, label: field.name }));

  const createColumn = async () => {
    const parsed = FieldRegisterBodySchema.safeParse({
      name: newName,
      type: newType,
      ...(newType === 'number' ? { unit: newUnit } : {}),
    });
    if (!parsed.success) {
      setNewError(parsed.error.issues[0]?.message);
      return;
    }
    setNewError(undefined);
    setCreating(true);
    try {
      const column = await registerField(parsed.data);
      onChange([...columns, column]);
      setNewName('');
      await queryClient.invalidateQueries({ queryKey: sealKeys.library() });
    } catch (failure) {
      notifyFailure(m.fieldCreateFailed, failure);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-labelledby="list-columns-label">
      <Stack gap="sm">
        <Text fw={500} size="sm" id="list-columns-label">
          Colunas da lista
        </Text>
        {columns.length === 0 ? (
          <Text size="sm" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
            {error ?? 'Nenhuma coluna escolhida.'}
          </Text>
        ) : (
          <Stack gap={4} component="ol" m={0} pl="md">
            {columns.map((column) => (
              <li key={column.id}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {column.name}{' '}
                    <Text span size="xs" c="dimmed">
                      ({FIELD_TYPE_LABELS[column.type]})
                    </Text>
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Retirar coluna ${column.name}`}
                    onClick={() => onChange(columns.filter((item) => item.id !== column.id))}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        <Select
          label="Adicionar coluna existente"
          placeholder="Buscar campo"
          searchable
          value={null}
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          nothingFoundMessage={library.isFetching ? 'Buscando...' : 'Nenhum campo encontrado'}
          onChange={(id) => {
            const field = library.data?.find((item) => item.id === id);
            if (field) onChange([...columns, field]);
            setSearch('');
          }}
          filter={({ options: all }) => all}
        />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Nova coluna"
            flex={1}
            miw={160}
            maxLength={FIELD_NAME_MAX}
            value={newName}
            onChange={(event) => setNewName(event.currentTarget.value)}
            error={newError}
          />
          <NativeSelect
            label="Tipo da nova coluna"
            value={newType}
            onChange={(event) => setNewType(event.currentTarget.value as FieldType)}
            data={COLUMN_TYPES.map((option) => ({
              value: option,
              label: FIELD_TYPE_LABELS[option],
            }))}
          />
          <Button variant="light" loading={creating} onClick={() => void createColumn()}>
            Criar coluna
          </Button>
        </Group>
        {newType === 'number' && (
          <NumberSettings unit={newUnit} onUnit={setNewUnit} unitLabel="Unidade da nova coluna" />
        )}
      </Stack>
    </Paper>
  );
}
