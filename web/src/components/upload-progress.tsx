import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { messages } from '@agroselo/contracts';

const u = messages.uploads;

/** 1 234 567 bytes as '1,2 MB', in pt-BR. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString('pt-BR')} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${mb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
  return `${(mb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`;
}

/** A file's size as picked and as sent: '2,4 MB → 380 KB' when it was made smaller. */
export const sizeChange = (picked: number, sent: number) =>
  sent < picked ? `${formatBytes(picked)} → ${formatBytes(sent)}` : formatBytes(sent);

/**
 * A resumable upload on its way: the bar, the percentage (or that it waits for the connection),
 * the size before and after resizing, and 'Cancelar'. `label` names the file in the controls.
 */
export function UploadProgress({
  label,
  progress,
  waiting,
  picked,
  sent,
  onCancel,
}: {
  label: string;
  /** The share sent, from 0 to 1. */
  progress: number;
  waiting: boolean;
  picked: number;
  sent: number;
  onCancel: () => void;
}) {
  const percent = Math.round(progress * 100);
  return (
    <Stack gap={2}>
      <Progress value={percent} size="sm" animated aria-label={`Enviando ${label}`} />
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {waiting ? u.waitingConnection : `Enviando… ${percent}%`}
          </Text>
          <Text size="xs" c="dimmed">
            {sizeChange(picked, sent)}
          </Text>
        </Stack>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={onCancel}
          aria-label={`${u.cancel} envio de ${label}`}
        >
          {u.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
