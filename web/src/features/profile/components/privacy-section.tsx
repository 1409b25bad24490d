import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { messages } from '@agroselo/contracts';
import { paths } from '../../../lib/paths';
import { useDownload } from '../../../lib/download';
import { downloadMyData } from '../api';

// The dialog brings the code input and its form: loaded when first opened.
const DeleteAccountModal = lazy(() =>
  import('./delete-account-modal').then((module) => ({ default: module.DeleteAccountModal })),
);

export const PRIVACY_SECTION_ID = 'privacidade';

/** LGPD self-service (anchor #privacidade): one's data as a file, and deleting the account. */
/** `children`: the publication consents of the producer's requests (the registry feature's). */
export function PrivacySection({ children }: { children: ReactNode }) {
  const { busy, start } = useDownload(messages.privacy.downloadFailed);
  const [deleting, deleteModal] = useDisclosure(false);
  const [deleteUsed, setDeleteUsed] = useState(false);
  return (
    <Stack component="section" id={PRIVACY_SECTION_ID} aria-labelledby="privacy-title" gap="md">
      <Title order={2} id="privacy-title" fz="xl">
        Privacidade e dados
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Text size="sm">
            Você pode baixar tudo o que o AgroSelo guarda sobre você, ou excluir a sua conta. Saiba
            mais na{' '}
            <Anchor component={Link} to={paths.privacy()}>
              Política de Privacidade
            </Anchor>
            .
          </Text>
          <Group gap="sm">
            <Button
              variant="light"
              loading={busy !== null}
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() => void start('my-data', downloadMyData)}
            >
              Baixar meus dados
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => {
                setDeleteUsed(true);
                deleteModal.open();
              }}
            >
              Excluir minha conta
            </Button>
          </Group>
          {children}
        </Stack>
      </Paper>
      {deleteUsed && (
        <Suspense fallback={null}>
          <DeleteAccountModal opened={deleting} onClose={deleteModal.close} />
        </Suspense>
      )}
    </Stack>
  );
}
