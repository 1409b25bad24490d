import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@agroselo/contracts';
import { editForm, registerForm, sealKeys, type FormItem } from '../api';
import { notifyFailure, notifySuccess } from '../notify';
import { FormDetailsForm } from './form-details-form';

const m = messages.seals;

interface ModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Spec §2 Stamps: 'Criar Novo Formulário' for one process. */
export function CreateFormModal({
  processId,
  opened,
  onClose,
}: ModalProps & { processId: string }) {
  const queryClient = useQueryClient();
  return (
    <Modal opened={opened} onClose={onClose} title="Criar Novo Formulário" centered>
      {opened && (
        <FormDetailsForm
          submitLabel="Criar Formulário"
          busyLabel="Criando..."
          onCancel={onClose}
          onSubmit={async (body) => {
            try {
              await registerForm(processId, body);
            } catch (error) {
              notifyFailure(m.formCreateFailed, error);
              throw error;
            }
            await queryClient.invalidateQueries({ queryKey: sealKeys.detail(processId) });
            await queryClient.invalidateQueries({ queryKey: sealKeys.list() });
            notifySuccess(m.formCreated);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** Field management, form mode: 'Editar Formulário'. */
export function EditFormModal({ form, opened, onClose }: ModalProps & { form: FormItem }) {
  const queryClient = useQueryClient();
  return (
    <Modal opened={opened} onClose={onClose} title="Editar Formulário" centered>
      {opened && (
        <FormDetailsForm
          initial={{
            name: form.name,
            deadline: form.deadline,
            obligatory: form.obligatory,
            sign: form.sign,
          }}
          submitLabel="Salvar"
          busyLabel="Salvando..."
          onCancel={onClose}
          onSubmit={async (body) => {
            try {
              await editForm(form.processId, form.id, body);
            } catch (error) {
              notifyFailure(m.formUpdateFailed, error);
              throw error;
            }
            await queryClient.invalidateQueries({ queryKey: sealKeys.forms(form.processId) });
            notifySuccess(m.formUpdated);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
