import { useRef, useState } from 'react';
import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { messages, PROOF_MAX_BYTES, PROOF_TYPES } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { formatBytes, UploadProgress } from '../../../components/upload-progress';
import type { ResumableUpload } from '../../../lib/uploads';
import { notifications } from '@mantine/notifications';
import { useOutboxItems } from '../../../offline/use-outbox';
import { instanceTarget, queueWrite, storedFile, writesWaiting } from '../../../offline/writes';
import {
  fetchProof,
  proofTarget,
  useProofUpload,
  type CellItem,
  type FormInstanceItem,
} from '../api';
import { prepareProof } from '../../../lib/photo';

const m = messages.forms;
const u = messages.uploads;
const ACCEPT = PROOF_TYPES.join(',');
const PROOF_KEPT =
  'Sem conexão: o comprovante ficou guardado neste aparelho e será enviado quando a conexão voltar.';

/** Saves a fetched file under its name, the way a link to it would. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface ProofFieldProps {
  instanceId: string;
  formId: string;
  field: CellItem;
  /** The name the controls are named after ('Comprovante de …'). */
  label: string;
  disabled: boolean;
  /** A refusal of the finish (this proof is missing). */
  error?: string;
}

/** The file on its way: its size as picked and as sent ('2,4 MB → 380 KB' when made smaller). */
interface Sending {
  picked: number;
  sent: number;
  progress: number;
  waiting: boolean;
}

/**
 * The file of a 'Requer comprovante' field: a link to what was sent, and, while the form can be
 * changed, a button to send or replace it (PDF, JPEG, PNG or WebP up to 10 MB; a large photo is
 * made smaller first) with the upload's progress and a button to cancel it. The upload resumes
 * where it stopped when the connection returns, or when the same file is picked after a reload.
 */
export function ProofField({ instanceId, formId, field, label, disabled, error }: ProofFieldProps) {
  const startUpload = useProofUpload(instanceId, formId);
  const [sending, setSending] = useState<Sending | null>(null);
  const current = useRef<ResumableUpload<FormInstanceItem> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const proof = field.proof;
  const target = proofTarget(instanceId, formId, field.id);
  const outbox = useOutboxItems();

  const send = async (picked: File | null) => {
    if (!picked) return;
    setProblem(null);
    if (picked.type && !(PROOF_TYPES as readonly string[]).includes(picked.type)) {
      setProblem(m.proofType);
      return;
    }
    setSending({ picked: picked.size, sent: picked.size, progress: 0, waiting: false });
    const file = await prepareProof(picked);
    if (file.size > PROOF_MAX_BYTES) {
      setSending(null);
      setProblem(m.proofTooLarge);
      return;
    }
    setSending((now) => now && { ...now, sent: file.size });
    // Offline, or behind writes still waiting: the file waits in the outbox, bytes and all.
    if (!navigator.onLine || (await writesWaiting())) {
      try {
        await queueWrite({
          title: `Comprovante: ${label}`,
          written: [{ label, value: file.name }],
          instanceId,
          target: instanceTarget(instanceId),
          kind: 'proof',
          files: [await storedFile(file)],
          filesTarget: target,
        });
        notifications.show({ color: 'yellow', message: PROOF_KEPT });
      } catch (reason) {
        setProblem(errorMessage(reason, m.uploadFailed));
      } finally {
        setSending(null);
      }
      return;
    }
    const upload = startUpload(field.id, file, {
      onProgress: (progress) => setSending((now) => now && { ...now, progress }),
      onWaiting: (waiting) => setSending((now) => now && { ...now, waiting }),
    });
    current.current = upload;
    try {
      await upload.done;
    } catch (reason) {
      setProblem(
        reason instanceof DOMException && reason.name === 'AbortError'
          ? u.canceled
          : errorMessage(reason, m.uploadFailed),
      );
    } finally {
      if (current.current === upload) current.current = null;
      setSending(null);
    }
  };

  const cancel = () => void current.current?.cancel();

  const open = async () => {
    if (!proof) return;
    setOpening(true);
    setProblem(null);
    try {
      saveFile(await fetchProof(instanceId, formId, field.id), proof.filename);
    } catch (reason) {
      setProblem(errorMessage(reason, m.downloadFailed));
    } finally {
      setOpening(false);
    }
  };

  const queued = outbox.filter((item) => item.kind === 'proof' && item.filesTarget === target);
  const busy = sending !== null;
  const shownError = problem ?? error;
  return (
    <Stack gap={6}>
      {proof ? (
        <Group gap={6} wrap="nowrap" align="center">
          <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void open()}
            disabled={opening}
            aria-label={`Baixar ${label}: ${proof.filename}`}
            style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {proof.filename}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatBytes(proof.size)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c={error ? 'red.8' : 'dimmed'}>
          Nenhum comprovante enviado.
        </Text>
      )}
      {!disabled && (
        <Group gap="xs">
          <FileButton onChange={(file) => void send(file)} accept={ACCEPT} disabled={busy}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden />}
                aria-label={`${proof ? 'Substituir' : 'Enviar'} ${label}`}
                disabled={busy}
              >
                {proof ? 'Substituir comprovante' : 'Enviar comprovante'}
              </Button>
            )}
          </FileButton>
          <FileButton
            onChange={(file) => void send(file)}
            accept="image/*"
            capture="environment"
            disabled={busy}
          >
            {(props) => (
              <Button
                {...props}
                hiddenFrom="md"
                size="xs"
                variant="subtle"
                leftSection={<IconCamera size={16} aria-hidden />}
                aria-label={`Fotografar ${label}`}
                disabled={busy}
              >
                Tirar foto
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {queued.map((item) => (
        <Text key={item.id} size="sm" c="yellow.9" role="status">
          {item.state === 'conflict' || item.state === 'failed'
            ? `Não enviado: ${item.files[0]?.name ?? ''} (veja a lista de envios)`
            : `Aguardando envio: ${item.files[0]?.name ?? ''}`}
        </Text>
      ))}
      {sending && (
        <UploadProgress
          label={label}
          progress={sending.progress}
          waiting={sending.waiting}
          picked={sending.picked}
          sent={sending.sent}
          onCancel={cancel}
        />
      )}
      {shownError && (
        <Text size="sm" c="red.8" role="alert">
          {shownError}
        </Text>
      )}
    </Stack>
  );
}
