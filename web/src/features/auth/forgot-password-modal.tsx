import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { CONTACT_EMAIL } from '../../lib/site';

interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

const SUBJECT = encodeURIComponent('Recuperação de senha do AgroSelo');

/** There is no self-service reset yet: the administration resets passwords on request. */
export function ForgotPasswordModal({ opened, onClose }: ForgotPasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Esqueci minha senha" centered>
      <Stack gap="md">
        <Text>
          A redefinição de senha é feita pela administração do AgroSelo. Envie um e-mail para{' '}
          <Anchor href={`mailto:${CONTACT_EMAIL}?subject=${SUBJECT}`}>{CONTACT_EMAIL}</Anchor>:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>a partir do endereço cadastrado na sua conta;</List.Item>
          <List.Item>informando o seu nome completo.</List.Item>
        </List>
        <Text size="sm">
          Você receberá as instruções para criar uma nova senha. Por segurança, nunca envie a sua
          senha atual por e-mail.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
