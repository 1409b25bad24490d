import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconChecks,
  IconCircleCheck,
  IconDeviceFloppy,
  IconHistory,
  IconLock,
  IconSearchOff,
  IconWifiOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages, STAFF_ROLES } from '@agroselo/contracts';
import { errorMessage, isApiError, NETWORK_ERROR_STATUS } from '../../api';
import { paths } from '../../lib/paths';
import { useSession } from '../../session';
import { LoadError } from '../../components/error-alert';
import { MessagePage } from '../../components/message-page';
import { useUploadsUnderWay } from '../../lib/uploads';
import {
  formInstanceQueryOptions,
  useConfirmCarried,
  useFinishForm,
  type FieldInstanceItem,
  type FormInstanceItem,
} from './api';
import { ConflictPanel } from './components/conflict-panel';
import { FieldInput } from './components/field-input';
import { FinishModal } from './components/finish-modal';
import { ListField } from './components/list-field';
import { PendencyNote } from './components/pendency-note';
import { ProofField } from './components/proof-field';
import { SeasonNotes } from './components/season-notes';
import { draftStore } from '../../offline/drafts';
import { formatDay, formatMoment, isPastDay } from '../../lib/dates';
import { useFirstAnswerDeferred } from '../../lib/use-first-answer-deferred';
import { carriedFieldsOf } from './season';
import { answering, fieldMap, useFormEditor, type FormEditor } from './use-form-editor';
import classes from './form-instance.module.css';

const m = messages.forms;

function Deadline({ form }: { form: FormInstanceItem }) {
  const { deadline } = form.form;
  if (!deadline) return <Text size="sm">Sem prazo</Text>;
  const overdue = !form.commited && isPastDay(deadline);
  return (
    <Text size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined}>
      Prazo: <time dateTime={deadline}>{formatDay(deadline)}</time>
      {overdue ? ' (vencido)' : ''}
    </Text>
  );
}

/** Who finished the form and when, and the signature when it has one. */
function FinishedNotice({ form }: { form: FormInstanceItem }) {
  if (!form.commited) return null;
  return (
    <Alert
      color="leaf"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title="Formulário finalizado"
    >
      <Stack gap="xs">
        <Text size="sm">
          Finalizado
          {form.commitedBy ? ` por ${form.commitedBy.name}` : ''}
          {form.commitedAt ? ` em ${formatMoment(form.commitedAt)}` : ''}.{' '}
          {form.fieldInstances.some((field) => field.editable)
            ? 'Só os campos com pendência aberta podem ser corrigidos.'
            : 'Os campos não podem mais ser alterados.'}
        </Text>
        {form.signature && (
          <>
            <Text size="sm">
              Assinado eletronicamente
              {form.signature.signedBy ? ` por ${form.signature.signedBy.name}` : ''} em{' '}
              {formatMoment(form.signature.signedAt)}.
            </Text>
            <Text size="xs" c="dimmed">
              Resumo SHA-256 do conteúdo assinado:
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {form.signature.hash}
            </Code>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * One field of the form (not a Lista), with its proof when it requires one, and its pendência:
 * an open one reopens the field of a finished form.
 */
function FieldBlock({
  form,
  field,
  editor,
  locked,
  proofError,
}: {
  form: FormInstanceItem;
  field: FieldInstanceItem;
  editor: FormEditor;
  locked: boolean;
  proofError?: string;
}) {
  const disabled = !field.editable && (locked || field.readOnly);
  const notes = [
    field.field.producerReadOnly ? 'Preenchido pelo técnico responsável.' : null,
    field.field.proof ? 'Requer comprovante.' : null,
  ].filter(Boolean);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={field.editable ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="sm">
        {field.pendency && (
          <PendencyNote
            pendency={field.pendency}
            editable={field.editable}
            instanceId={form.processInstanceId}
          />
        )}
        <SeasonNotes
          instanceId={form.processInstanceId}
          formId={form.id}
          field={field}
          canConfirm={!locked}
        />
        <FieldInput
          field={field}
          label={field.field.name}
          {...answering(editor, field)}
          required={field.logic.required}
          disabled={disabled}
          error={editor.errors[field.id]}
          description={notes.length > 0 ? notes.join(' ') : undefined}
        />
        {field.field.proof && (
          <>
            <Divider />
            <Text size="sm" fw={500}>
              Comprovante
            </Text>
            <ProofField
              instanceId={form.processInstanceId}
              formId={form.id}
              field={field}
              label={`comprovante de ${field.field.name}`}
              disabled={disabled}
              error={proofError}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** A renewal's form: every answer still as last season's kept at once. */
function ConfirmAllCarried({ form }: { form: FormInstanceItem }) {
  const { user } = useSession();
  const confirm = useConfirmCarried(form.processInstanceId, form.id);
  const carried = carriedFieldsOf(form.fieldInstances);
  if (carried.length === 0 || !user || STAFF_ROLES.includes(user.role)) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHistory aria-hidden />}
      role="status"
      // The Alert's body is a flex item that would otherwise grow to its longest line.
      styles={{ body: { minWidth: 0 } }}
    >
      <Group gap="sm" justify="space-between">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {carried.length === 1
            ? '1 resposta veio da safra anterior: confirme-a ou altere-a antes de finalizar.'
            : `${carried.length} respostas vieram da safra anterior: confirme-as ou altere-as antes de finalizar.`}
        </Text>
        {/* On a phone the label is longer than the Alert is wide: the button takes the whole
            width and its label wraps. */}
        <Button
          size="xs"
          w={{ base: '100%', sm: 'auto' }}
          h="auto"
          mih={30}
          py={4}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
          leftSection={<IconChecks size={16} aria-hidden />}
          loading={confirm.isPending}
          onClick={() =>
            confirm.mutate(undefined, {
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  message: errorMessage(error, 'Não foi possível confirmar as respostas'),
                }),
            })
          }
        >
          Confirmar todas as respostas da safra anterior
        </Button>
      </Group>
    </Alert>
  );
}

const SAVED_ON_DEVICE =
  'Alterações guardadas neste aparelho. Serão enviadas sozinhas quando a conexão voltar.';
const WAIT_FOR_QUEUED =
  'Há alterações deste formulário aguardando envio. Finalize depois que elas forem enviadas.';

function statusLine(editor: FormEditor): string {
  if (editor.saving) return 'Salvando…';
  if (editor.changedCount === 1) return '1 alteração não salva';
  if (editor.changedCount > 1) return `${editor.changedCount} alterações não salvas`;
  if (editor.waiting) return editor.online ? 'Alterações aguardando envio' : m.savePending;
  return 'Todas as alterações estão salvas';
}

function FormEditorView({ form, userId }: { form: FormInstanceItem; userId: string }) {
  const editor = useFormEditor(form, userId);
  const finish = useFinishForm(form.processInstanceId, form.id);
  // The finish checks the proofs the server holds: one still on its way would be missing.
  const uploading = useUploadsUnderWay(form.id) > 0;
  const [finishing, setFinishing] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [proofErrors, setProofErrors] = useState<Record<string, string>>({});
  const fields = useMemo(() => fieldMap(form), [form]);
  const locked = form.commited || !form.actions.edit;
  // A finished form's fields reopened by an open pendência take changes, saved as any other.
  const reopened = form.fieldInstances.some((field) => field.editable);
  const changeable = !locked || reopened;

  const labelOf = (id: string) => {
    const field = fields.get(id);
    if (!field) return undefined;
    const table = form.fieldInstances.find((item) => item.id === field.parentFieldInstanceId);
    return { field, label: table ? `${table.field.name}: ${field.field.name}` : field.field.name };
  };

  const save = async (): Promise<boolean> => {
    try {
      const outcome = await editor.save();
      if (outcome === 'saved') notifications.show({ color: 'leaf', message: m.saved });
      if (outcome === 'waiting') notifications.show({ color: 'yellow', message: SAVED_ON_DEVICE });
      if (outcome === 'failed') notifications.show({ color: 'red', message: m.invalidFields });
      return outcome === 'saved' || outcome === 'nothing';
    } catch (error) {
      const conflict = isApiError(error) && error.status === 409;
      notifications.show({
        color: conflict ? 'orange' : 'red',
        message: errorMessage(error, m.saveFailed),
      });
      return false;
    }
  };

  const startFinish = async () => {
    // A finished form takes no more saves: those still waiting in the outbox go first.
    if (editor.waiting) {
      notifications.show({ color: 'orange', message: WAIT_FOR_QUEUED });
      return;
    }
    if (editor.dirty) {
      if (!navigator.onLine) {
        notifications.show({ color: 'orange', message: m.needsOnline });
        return;
      }
      if (!(await save())) return;
    }
    // What the server would refuse (required answers, rules) is shown before the password.
    if (!editor.checkFinish()) {
      notifications.show({ color: 'red', message: m.invalidFields });
      return;
    }
    setPasswordError(undefined);
    setFinishing(true);
  };

  const confirmFinish = (password?: string) =>
    finish.mutate(password, {
      onSuccess: () => {
        setFinishing(false);
        setProofErrors({});
        draftStore.clear(userId, form.id);
        notifications.show({ color: 'leaf', message: m.finished });
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        const onPassword = error.issues.find((issue) => issue.loc.includes('password'));
        if (onPassword || error.status === 429) {
          setPasswordError(onPassword?.msg ?? error.message);
          return;
        }
        setFinishing(false);
        const proofs: Record<string, string> = {};
        const answers: Record<string, string> = {};
        for (const issue of error.issues) {
          const [where, id, what] = issue.loc;
          if (where !== 'field_instances' || typeof id !== 'string') continue;
          if (what === 'proof') proofs[id] = issue.msg;
          else answers[id] ??= issue.msg;
        }
        setProofErrors(proofs);
        editor.showErrors(answers);
        notifications.show({
          color: 'red',
          message:
            error.status === NETWORK_ERROR_STATUS
              ? m.needsOnline
              : errorMessage(error, m.finishFailed),
        });
      },
    });

  // A refusal of the finish lasts until the proof is sent.
  const missingProofs = Object.entries(proofErrors).filter(([id]) => !fields.get(id)?.proof);
  const openProofErrors = Object.fromEntries(missingProofs);
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }} className={classes.locked}>
      <Stack gap="lg">
        <Anchor
          component={Link}
          to={paths.producerDetails(form.processInstanceId)}
          size="sm"
          w="fit-content"
        >
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Voltar ao processo
          </Group>
        </Anchor>
        <Stack gap={6}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {form.form.name}
          </Title>
          <Deadline form={form} />
          <Group gap={6}>
            <Badge color={form.commited ? 'leaf' : 'rice'} variant="light">
              {form.commited ? 'Concluído' : 'Em preenchimento'}
            </Badge>
            {form.form.obligatory && (
              <Badge color="gray" variant="light">
                Obrigatório
              </Badge>
            )}
            {form.form.sign && (
              <Badge color="gray" variant="light">
                Requer Assinatura
              </Badge>
            )}
          </Group>
        </Stack>

        <FinishedNotice form={form} />
        {!form.commited && !form.actions.edit && (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />}>
            Você pode consultar este formulário, mas não alterá-lo.
          </Alert>
        )}
        {changeable && !editor.online && (
          <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} role="status">
            {m.offline}
          </Alert>
        )}
        {changeable && editor.offer && (
          <Alert color="yellow" variant="light" icon={<IconHistory aria-hidden />} role="status">
            <Group gap="sm" justify="space-between">
              <Text size="sm">{m.draftOffer(formatMoment(editor.offer.savedAt))}:</Text>
              <Group gap="xs">
                <Button size="xs" onClick={editor.restore}>
                  Restaurar
                </Button>
                <Button size="xs" variant="default" onClick={editor.discard}>
                  Descartar
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
        {!locked && <ConfirmAllCarried form={form} />}
        <ConflictPanel
          conflicts={editor.conflicts}
          fieldOf={labelOf}
          mine={(id) => editor.valueOf(id)}
          onResolve={editor.resolve}
        />
        {missingProofs.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Comprovantes que faltam">
            <Stack gap={2}>
              {missingProofs.map(([id, message]) => (
                <Text key={id} size="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        <Stack gap="md">
          {form.fieldInstances.length === 0 && (
            <Text c="dimmed">Este formulário não tem campos.</Text>
          )}
          {/* What does not apply takes no room: shown again, it appears in its place below the
              answer that decides it, and nothing above the producer moves. */}
          {form.fieldInstances.map((field) =>
            editor.hidden.has(field.id) ? null : field.field.type === 'form' ? (
              <ListField
                key={field.id}
                instanceId={form.processInstanceId}
                formId={form.id}
                table={field}
                editor={editor}
                locked={locked}
                proofErrors={openProofErrors}
              />
            ) : (
              <FieldBlock
                key={field.id}
                form={form}
                field={field}
                editor={editor}
                locked={locked}
                proofError={openProofErrors[field.id]}
              />
            ),
          )}
        </Stack>

        {changeable && (
          <Paper
            withBorder
            radius="md"
            p="sm"
            shadow="sm"
            style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm" aria-live="polite">
                {statusLine(editor)}
              </Text>
              <Group gap="xs">
                <Button
                  variant={form.actions.finish ? 'default' : 'filled'}
                  leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                  onClick={() => void save()}
                  loading={editor.saving}
                  disabled={!editor.dirty}
                >
                  Salvar
                </Button>
                {form.actions.finish && (
                  <Button
                    leftSection={<IconCircleCheck size={18} aria-hidden />}
                    onClick={() => void startFinish()}
                    disabled={editor.saving || uploading}
                  >
                    {uploading ? 'Aguardando envios…' : 'Finalizar'}
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
      <FinishModal
        opened={finishing}
        onClose={() => setFinishing(false)}
        formName={form.form.name}
        sign={form.form.sign}
        busy={finish.isPending}
        passwordError={passwordError}
        onConfirm={confirmFinish}
      />
    </Container>
  );
}

/** Spec §2 Form instance (/producer-details/{processInstanceId}/form-instance/{formInstanceId}). */
export function FormInstancePage() {
  const { processInstanceId = '', formInstanceId = '' } = useParams();
  const { user } = useSession();
  const query = useQuery(formInstanceQueryOptions(processInstanceId, formInstanceId));
  const form = useFirstAnswerDeferred(query.data);

  if (query.isError && isApiError(query.error) && [404, 422].includes(query.error.status)) {
    return (
      <MessagePage icon={<IconSearchOff size={40} />} title={m.notFound}>
        Este formulário não existe ou não pertence a uma propriedade sua.
      </MessagePage>
    );
  }
  if (query.isError) {
    return (
      <Container size="lg" py="xl">
        <LoadError title="Não foi possível carregar o formulário" query={query} />
      </Container>
    );
  }
  if (!form || !user) {
    return (
      // At least as tall as the screen: the footer stays below the fold while the form loads.
      <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }} mih="100dvh" aria-busy>
        <Stack gap="lg">
          <Skeleton h={20} w={140} />
          <Stack gap={6}>
            <Skeleton h={40} w="60%" />
            <Skeleton h={20} w={180} />
            <Skeleton h={20} w={220} />
          </Stack>
          <Skeleton h={160} radius="md" />
          <Skeleton h={160} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      </Container>
    );
  }
  return <FormEditorView key={form.id} form={form} userId={user.id} />;
}
