import { useState, type FormEvent } from 'react';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { messages } from '@agroselo/contracts';
import { errorMessage, tokenStore } from '../../../api';
import { accountOf } from '../../../device/account';
import { forgetOnThisDevice } from '../../../offline/forget';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../session';
import { ErrorAlert } from '../../../components/error-alert';
import { confirmAccountDeletion, requestAccountDeletion } from '../api';

interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Excluir minha conta': what goes and what stays, then the code e-mailed to confirm it; once
 * confirmed the session ends, as every other one already has.
 */
export function DeleteAccountModal({ opened, onClose }: DeleteAccountModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Excluir minha conta" centered>
      {opened && <DeleteAccountSteps onClose={onClose} />}
    </Modal>
  );
}

function DeleteAccountSteps({ onClose }: { onClose: () => void }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const sendCode = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setSentTo((await requestAccountDeletion()).email);
    } catch (error) {
      setFailure(errorMessage(error, messages.common.requestFailed));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await confirmAccountDeletion({ code });
      notifications.show({ color: 'leaf', message: messages.privacy.accountDeleted });
      const account = accountOf(tokenStore.get());
      if (account) await forgetOnThisDevice(account);
      logout();
      void navigate(paths.home(), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, messages.common.requestFailed));
      setBusy(false);
    }
  };

  if (sentTo === null) {
    return (
      <Stack gap="md">
        <Text size="sm">Ao excluir a sua conta:</Text>
        <List size="sm" spacing={6}>
          <List.Item>
            seu nome, CPF, telefone e e-mail são apagados e substituídos por marcas de conta
            excluída;
          </List.Item>
          <List.Item>
            todas as suas sessões são encerradas e não será possível entrar de novo;
          </List.Item>
          <List.Item>
            ficam guardados, como a LGPD permite, os certificados já emitidos (que continuam
            verificáveis), as propriedades, os pedidos de selo com suas respostas e os registros de
            auditoria.
          </List.Item>
        </List>
        <Text size="sm">
          Para confirmar, enviaremos um código para o seu e-mail. Se quiser uma cópia dos seus
          dados, baixe-a antes.
        </Text>
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red.9" loading={busy} onClick={() => void sendCode()}>
            Enviar código
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void confirm(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Enviamos um código para <strong>{sentTo}</strong>. Digite-o para excluir a sua conta.
        </Text>
        <TextInput
          label="Código de confirmação"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          required
          data-autofocus
        />
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color="red.9" loading={busy} disabled={code.trim() === ''}>
            Excluir minha conta
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
