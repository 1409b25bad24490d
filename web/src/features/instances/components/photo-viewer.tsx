import { Modal } from '@mantine/core';
import { PhotoImage } from './photo-image';

/** A vistoria's photo enlarged, in a dialog titled with its description. */
export function PhotoViewer({
  shown,
  onClose,
}: {
  shown: { url: string; alt: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.alt ?? 'Foto'}
      size="xl"
      centered
    >
      {shown && <PhotoImage url={shown.url} alt={shown.alt} large />}
    </Modal>
  );
}
