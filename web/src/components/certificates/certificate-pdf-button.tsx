import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { certificatePdfUrl } from '../../queries/certificates';

/** Downloads the certificate's PDF (public: a plain link). */
export function CertificatePdfButton({ number }: { number: string }) {
  return (
    <Button
      component="a"
      href={certificatePdfUrl(number)}
      download
      leftSection={<IconDownload size={18} aria-hidden />}
    >
      Baixar certificado (PDF)
    </Button>
  );
}
