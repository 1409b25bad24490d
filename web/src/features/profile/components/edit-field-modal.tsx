import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { UpdateSelfBodySchema, messages } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { paths } from '../../../lib/paths';
import { useSession, type SessionUser } from '../../../session';
import { MaskedInput } from '../../../components/masked-input';
import { updateSelf } from '../api';
import { displayValue, type ProfileField } from '../profile-fields';
import { ErrorAlert } from '../../../components/error-alert';

/** Spec §8: the alert of a failed profile update. */
export const updateErrorText = (field: ProfileField, message: string) =>
  `Erro ao atualizar o ${field.errorName}: ${message}`;

interface EditFieldModalProps {
  field: ProfileField | null;
  opened: boolean;
  user: SessionUser;
  onClose: () => void;
}

/** One input, Cancelar and Salvar: saves that single field of the signed-in account. */
export function EditFieldModal({ field, opened, user, onClose }: EditFieldModalProps) {
  return (
    <Modal
      opened={opened && field !== null}
      onClose={onClose}
      title={field ? `Alterar ${field.label}` : ''}
      centered
    >
      {/* Mounted anew on every opening, so the input starts from the saved value. */}
      {field && <EditFieldForm key={field.key} field={field} user={user} onClose={onClose} />}
    </Modal>
  );
}

interface EditFieldFormProps {
  field: ProfileField;
  user: SessionUser;
  onClose: () => void;
}

function EditFieldForm({ field, user, onClose }: EditFieldFormProps) {
  const { refreshUser, replaceToken } = useSession();
  const navigate = useNavigate();
  const [value, setValue] = useState(() => displayValue(field, user));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const alertId = `profile-${field.key}-error`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = UpdateSelfBodySchema.safeParse({ [field.key]: value });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message ?? messages.common.invalidInput;
      setFailure(updateErrorText(field, issue));
      return;
    }
    if (parsed.data[field.key] === field.read(user)) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const updated = await updateSelf(parsed.data);
      if (updated.accessToken) {
        // The new address must be confirmed: older tokens ended and the account is pending again.
        await replaceToken(updated.accessToken);
        notifications.show({
          color: 'leaf',
          message: `${field.saved}. Enviamos um código de verificação para ${updated.email}.`,
        });
        onClose();
        await navigate(paths.verificationCode());
        return;
      }
      await refreshUser();
      notifications.show({ color: 'leaf', message: field.saved });
      onClose();
    } catch (error) {
      setFailure(updateErrorText(field, errorMessage(error, messages.common.requestFailed)));
    } finally {
      setSaving(false);
    }
  };

  const inputProps = {
    label: field.label,
    placeholder: field.placeholder,
    autoComplete: field.autoComplete,
    required: true,
    error: failure !== null,
    'aria-describedby': failure ? alertId : undefined,
    'data-autofocus': true,
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        {field.key === 'email' && (
          <Text size="sm" c="dimmed">
            Enviaremos um código para o novo endereço. Até você confirmá-lo, sua conta fica pendente
            de verificação.
          </Text>
        )}
        {field.mask ? (
          <MaskedInput
            {...inputProps}
            mask={field.mask}
            type={field.type}
            inputMode={field.type === 'tel' ? 'tel' : 'numeric'}
            value={value}
            onChange={setValue}
          />
        ) : (
          <TextInput
            {...inputProps}
            type={field.type ?? 'text'}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        )}
        {failure && <ErrorAlert id={alertId}>{failure}</ErrorAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
