import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { api } from '../../../api';
import { useDownload } from '../../../lib/download';

/** 'Baixar PDF': the filled form as a PDF. */
export function FormPdfButton({
  instanceId,
  formId,
  name,
}: {
  instanceId: string;
  formId: string;
  name: string;
}) {
  const { busy, start } = useDownload();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      mt={4}
      loading={busy !== null}
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      aria-label={`Baixar PDF de ${name}`}
      onClick={() =>
        void start('pdf', () => api.download(`/process-instance/${instanceId}/form/${formId}/pdf`))
      }
    >
      Baixar PDF
    </Button>
  );
}
