import { useState } from 'react';
import { Anchor, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { messages, PROOF_MAX_BYTES, PROOF_TYPES } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { fetchProof, useUploadProof, type CellItem } from '../api';
import { prepareProof } from '../photo';

const m = messages.forms;
const ACCEPT = PROOF_TYPES.join(',');

/** 1 234 567 bytes as '1,2 MB', in pt-BR. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString('pt-BR')} KB`;
  return `${(kb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

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

/**
 * The file of a 'Requer comprovante' field: a link to what was sent, and, while the form can be
 * changed, a button to send or replace it (PDF, JPEG, PNG or WebP up to 10 MB; a large photo is
 * made smaller first) with the upload's progress.
 */
export function ProofField({ instanceId, formId, field, label, disabled, error }: ProofFieldProps) {
  const upload = useUploadProof(instanceId, formId);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const proof = field.proof;

  const send = async (picked: File | null) => {
    if (!picked) return;
    setProblem(null);
    if (picked.type && !(PROOF_TYPES as readonly string[]).includes(picked.type)) {
      setProblem(m.proofType);
      return;
    }
    setProgress(0);
    const file = await prepareProof(picked);
    if (file.size > PROOF_MAX_BYTES) {
      setProgress(null);
      setProblem(m.proofTooLarge);
      return;
    }
    upload.mutate(
      { fieldId: field.id, file, onProgress: setProgress },
      {
        onError: (reason) => setProblem(errorMessage(reason, m.uploadFailed)),
        onSettled: () => setProgress(null),
      },
    );
  };

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

  const busy = progress !== null;
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
      {busy && (
        <Stack gap={2}>
          <Progress
            value={Math.round(progress * 100)}
            size="sm"
            animated
            aria-label={`Enviando ${label}`}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            Enviando… {Math.round(progress * 100)}%
          </Text>
        </Stack>
      )}
      {shownError && (
        <Text size="sm" c="red.8" role="alert">
          {shownError}
        </Text>
      )}
    </Stack>
  );
}
