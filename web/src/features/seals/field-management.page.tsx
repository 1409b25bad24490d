import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@agroselo/contracts';
import { isApiError } from '../../api';
import { paths } from '../../lib/paths';
import { LoadError } from '../../components/error-alert';
import {
  addFormField,
  fieldLibraryQueryOptions,
  formFieldsQueryOptions,
  formQueryOptions,
  processFieldsQueryOptions,
  processQueryOptions,
  removeFormField,
  saveProcessFields,
  sealKeys,
  type FieldItem,
} from './api';
import { CreateFieldModal } from './components/create-field-modal';
import { FieldFacts } from './components/field-badges';
import { FieldLogicModal } from './components/field-logic-modal';
import { EditFormModal } from './components/form-modals';
import { formatDay } from '../../lib/dates';
import { notifyFailure, notifySuccess } from './notify';

const m = messages.seals;
/** Spec §2: both panels scroll past this height. */
const PANEL_MAX_HEIGHT = 500;

/** /process/{processId}/form/{formId}/fields: the fields of one form, saved at each change. */
export function FormFieldsPage() {
  const { processId = '', formId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, edit] = useDisclosure(false);
  const form = useQuery(formQueryOptions(processId, formId));
  const added = useQuery(formFieldsQueryOptions(processId, formId));
  const [ruling, setRuling] = useState<string | null>(null);
  const ruled = added.data?.find((field) => field.id === ruling);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: sealKeys.formFields(processId, formId) });
    await queryClient.invalidateQueries({ queryKey: sealKeys.forms(processId) });
  };

  const add = async (field: FieldItem) => {
    try {
      await addFormField(processId, formId, field.id);
    } catch (error) {
      // Spec §8: the duplicate gets its own text; any other failure the server's reason.
      if (isApiError(error) && error.message.includes('já está associado'))
        notifyFailure(m.fieldAlreadyInForm, null);
      else notifyFailure(m.fieldAddFailed, error, m.fieldAddFailed);
      return;
    }
    await refresh();
    notifySuccess(m.fieldAdded);
  };

  const remove = async (field: FieldItem) => {
    try {
      await removeFormField(processId, formId, field.id);
    } catch (error) {
      notifyFailure(m.fieldRemoveFailed, error, m.fieldRemoveFailed);
      return;
    }
    await refresh();
    notifySuccess(m.fieldRemoved);
  };

  return (
    <FieldManagement
      noun="Campo"
      title="Campos do formulário"
      subtitle={
        form.data
          ? `${form.data.name} · prazo ${formatDay(form.data.deadline)}`
          : form.isError
            ? null
            : undefined
      }
      headerAction={
        form.data && (
          <>
            <Button
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={edit.open}
            >
              Editar Formulário
            </Button>
            <EditFormModal form={form.data} opened={editing} onClose={edit.close} />
          </>
        )
      }
      loadError={form.isError ? form : added.isError ? added : null}
      added={added.data}
      onAdd={add}
      onRemove={remove}
      onFinish={() => navigate(paths.stamps())}
      rulesAction={(field) => (
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Regras de ${field.name}`}
          onClick={() => setRuling(field.id)}
        >
          <IconAdjustments size={18} aria-hidden />
        </ActionIcon>
      )}
    >
      {ruled && added.data && (
        <FieldLogicModal
          processId={processId}
          formId={formId}
          field={ruled}
          fields={added.data}
          opened
          onClose={() => setRuling(null)}
        />
      )}
    </FieldManagement>
  );
}

/**
 * /process/{processId}/fields: the documents of a process. Add and remove change only this
 * screen's list; 'Concluir' saves the whole list at once.
 */
export function ProcessFieldsPage() {
  const { processId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const process = useQuery(processQueryOptions(processId));
  const saved = useQuery(processFieldsQueryOptions(processId));
  const [local, setLocal] = useState<FieldItem[] | null>(null);
  const added = local ?? saved.data;

  const finish = async () => {
    if (!added) return;
    try {
      await saveProcessFields(
        processId,
        added.map((field) => field.id),
      );
    } catch (error) {
      notifyFailure(m.documentsSaveFailed, error, m.documentsSaveFailed);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sealKeys.processFields(processId) });
    notifySuccess(m.documentsSaved);
    await navigate(paths.stamps());
  };

  return (
    <FieldManagement
      noun="Documento"
      title="Documentos do processo"
      subtitle={process.data ? `Selo ${process.data.stamp.name}` : undefined}
      hint={
        local
          ? 'Alterações ainda não salvas: clique em Concluir para salvá-las.'
          : 'Adicione ou retire documentos e clique em Concluir para salvar.'
      }
      loadError={process.isError ? process : saved.isError ? saved : null}
      added={added}
      onAdd={(field) => {
        setLocal([...(added ?? []), field]);
        notifySuccess(m.documentAdded);
      }}
      onRemove={(field) => {
        setLocal((added ?? []).filter((item) => item.id !== field.id));
        notifySuccess(m.documentRemoved);
      }}
      onFinish={finish}
    />
  );
}

interface FieldManagementProps<F extends FieldItem> {
  noun: 'Campo' | 'Documento';
  title: string;
  /** undefined while loading, null when it could not be loaded. */
  subtitle?: string | null;
  hint?: string;
  headerAction?: ReactNode;
  loadError: UseQueryResult<unknown> | null;
  added: F[] | undefined;
  onAdd: (field: FieldItem) => unknown;
  onRemove: (field: F) => unknown;
  onFinish: () => unknown;
  /** Form mode: the button that opens a field's rules in the form (issue 45). */
  rulesAction?: (field: F) => ReactNode;
  children?: ReactNode;
}

function FieldManagement<F extends FieldItem>({
  noun,
  title,
  subtitle,
  hint,
  headerAction,
  loadError,
  added,
  onAdd,
  onRemove,
  onFinish,
  rulesAction,
  children,
}: FieldManagementProps<F>) {
  const [creating, create] = useDisclosure(false);
  const [finishing, setFinishing] = useState(false);
  const plural = noun === 'Campo' ? 'campos' : 'documentos';

  const finish = async () => {
    setFinishing(true);
    try {
      await onFinish();
    } finally {
      setFinishing(false);
    }
  };

  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} miw={0}>
            <Title order={1}>{title}</Title>
            {subtitle === undefined ? (
              <Skeleton h={18} w={240} />
            ) : (
              subtitle && (
                <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {subtitle}
                </Text>
              )
            )}
          </Stack>
          <Group gap="sm">
            {headerAction}
            <Button onClick={() => void finish()} loading={finishing} disabled={!added}>
              Concluir
            </Button>
          </Group>
        </Group>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {loadError ? (
          <LoadError title="Não foi possível carregar a página" query={loadError} />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Panel title={`${noun === 'Campo' ? 'Campos' : 'Documentos'} adicionados`}>
              {!added ? (
                <Skeleton h={120} />
              ) : added.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhum {noun.toLowerCase()} adicionado.
                </Text>
              ) : (
                <FieldList
                  label={`${plural} adicionados`}
                  fields={added}
                  action={(field) => (
                    <Group gap={4} wrap="nowrap">
                      {rulesAction?.(field)}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remover ${field.name}`}
                        onClick={() => void onRemove(field)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )}
                />
              )}
            </Panel>
            <Panel
              title={`${noun === 'Campo' ? 'Campos' : 'Documentos'} disponíveis`}
              action={
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={create.open}
                >
                  Novo {noun}
                </Button>
              }
            >
              <Available noun={noun} added={added ?? []} onAdd={onAdd} />
            </Panel>
          </SimpleGrid>
        )}
      </Stack>
      <CreateFieldModal noun={noun} opened={creating} onClose={create.close} />
      {children}
    </Container>
  );
}

function Panel({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `panel-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function FieldList<F extends FieldItem>({
  label,
  fields,
  action,
}: {
  label: string;
  fields: F[];
  action: (field: F) => ReactNode;
}) {
  return (
    // Focusable so the keyboard can scroll it too.
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      mah={PANEL_MAX_HEIGHT}
      style={{ overflowY: 'auto' }}
      data-testid="field-panel"
    >
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {fields.map((field) => (
          <Paper
            key={field.id}
            component="li"
            withBorder
            radius="sm"
            p="xs"
            bg="gray.0"
            aria-label={field.name}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={4} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {field.name}
                </Text>
                <FieldFacts field={field} />
              </Stack>
              {action(field)}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

function Available({
  noun,
  added,
  onAdd,
}: {
  noun: 'Campo' | 'Documento';
  added: FieldItem[];
  onAdd: (field: FieldItem) => unknown;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const library = useQuery(fieldLibraryQueryOptions(search));
  const addedIds = new Set(added.map((field) => field.id));
  const available = (library.data ?? []).filter((field) => !addedIds.has(field.id));
  const plural = noun === 'Campo' ? 'campos' : 'documentos';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(input.trim());
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} role="search">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            flex={1}
            type="search"
            aria-label={`Buscar ${plural}`}
            placeholder="Buscar pelo nome"
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
          />
          <Button
            type="submit"
            variant="default"
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            Buscar
          </Button>
        </Group>
      </form>
      {library.isPending ? (
        <Skeleton h={120} />
      ) : library.isError ? (
        <LoadError title={`Não foi possível carregar os ${plural}`} query={library} />
      ) : available.length === 0 ? (
        <Text size="sm" c="dimmed">
          {search
            ? `Nenhum ${noun.toLowerCase()} disponível para "${search}".`
            : `Nenhum ${noun.toLowerCase()} disponível. Crie um com “Novo ${noun}”.`}
        </Text>
      ) : (
        <FieldList
          label={`${plural} disponíveis`}
          fields={available}
          action={(field) => (
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={`Adicionar ${field.name}`}
              onClick={() => void onAdd(field)}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          )}
        />
      )}
    </Stack>
  );
}
