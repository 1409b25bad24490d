import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { CertificateSearch } from './components/certificate-search';

/** /verificar: anyone checks a seal by the number printed on its certificate. */
export function VerifyPage() {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap="sm" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconQrcode size={32} />
          </ThemeIcon>
          <Title order={1}>Verificar certificado</Title>
          <Text size="lg">
            Confira se um selo do AgroSelo é autêntico e se está válido hoje. Digite o número
            impresso no certificado, ao lado do QR code, ou aponte a câmera do celular para o QR
            code.
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <CertificateSearch />
        </Paper>
      </Stack>
    </Container>
  );
}
