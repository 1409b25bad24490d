import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { errorMessage } from '../../../api';
import { ErrorAlert } from '../../../components/error-alert';

/** The end of a review dialog: the server's refusal, if any, then Cancelar and its action. */
export function DialogFooter({
  failure,
  failureTitle,
  pending,
  disabled,
  submitLabel,
  onSubmit,
  onCancel,
  cancelLabel = 'Cancelar',
}: {
  failure: unknown;
  failureTitle: string;
  pending: boolean;
  disabled?: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  return (
    <>
      {failure ? <ErrorAlert title={failureTitle}>{errorMessage(failure)}</ErrorAlert> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button onClick={onSubmit} loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

/** A review dialog: wide enough for its fields, centred. */
export function ReviewDialog({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <Stack gap="md">{children}</Stack>
    </Modal>
  );
}
