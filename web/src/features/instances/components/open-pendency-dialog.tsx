import { useState } from 'react';
import { Select, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { messages, PENDENCY_TEXT_MAX } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { PtBrDateInput } from '../../../components/date-input';
import { todayDay } from '../../../lib/dates';
import type { InstanceDetailItem } from '../../../queries/instances';
import { QUEUED_MESSAGE, reviewFormQueryOptions, useOpenPendency } from '../review-api';
import { DialogFooter, ReviewDialog } from './review-dialog';

const m = messages.review;

interface Errors {
  form?: string;
  description?: string;
  dueDate?: string;
}

/** 'Abrir pendência': a form, optionally one of its fields, what is wrong and until when. */
export function OpenPendencyDialog({
  instance,
  opened,
  onClose,
}: {
  instance: InstanceDetailItem;
  opened: boolean;
  onClose: () => void;
}) {
  const [formId, setFormId] = useState<string | null>(null);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const openPendency = useOpenPendency(instance.id);
  const form = useQuery({
    ...reviewFormQueryOptions(instance.id, formId ?? ''),
    enabled: opened && Boolean(formId),
  });
  const fields = (form.data?.fieldInstances ?? []).map((field) => ({
    value: field.id,
    label: field.field.name,
  }));
  const today = todayDay();

  const close = () => {
    if (openPendency.isPending) return;
    setFormId(null);
    setFieldId(null);
    setDescription('');
    setDueDate(null);
    setErrors({});
    openPendency.reset();
    onClose();
  };

  const submit = () => {
    const found: Errors = {};
    if (!formId) found.form = m.formRequired;
    if (!description.trim()) found.description = m.descriptionRequired;
    if (!dueDate) found.dueDate = m.dueDateRequired;
    setErrors(found);
    if (!formId || !dueDate || found.description) return;
    const formName = instance.formInstances.find((item) => item.id === formId)?.name ?? '';
    const fieldName = fields.find((field) => field.value === fieldId)?.label ?? null;
    openPendency.mutate(
      {
        formInstanceId: formId,
        fieldInstanceId: fieldId,
        description: description.trim(),
        dueDate,
        where: messages.review.where(formName, fieldName),
      },
      {
        onSuccess: ({ queued }) => {
          close();
          notifications.show({
            color: queued ? 'yellow' : 'leaf',
            message: queued ? QUEUED_MESSAGE : 'Pendência aberta.',
          });
        },
      },
    );
  };

  return (
    <ReviewDialog title="Abrir pendência" opened={opened} onClose={close}>
      <Select
        label="Formulário"
        placeholder="Selecione"
        data={instance.formInstances.map((item) => ({ value: item.id, label: item.name }))}
        value={formId}
        onChange={(value) => {
          setFormId(value);
          setFieldId(null);
          setErrors((current) => ({ ...current, form: undefined }));
        }}
        allowDeselect={false}
        error={errors.form}
        required
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Campo (opcional)"
        description="Num formulário finalizado, só este campo volta a poder ser alterado."
        placeholder={
          formId
            ? form.isPending
              ? 'Carregando os campos…'
              : 'Todo o formulário'
            : 'Escolha o formulário primeiro'
        }
        data={fields}
        value={fieldId}
        onChange={setFieldId}
        disabled={!formId || form.isPending}
        clearable
        searchable={fields.length > 8}
        nothingFoundMessage="Nenhum campo com esse nome"
        error={form.isError ? errorMessage(form.error) : undefined}
      />
      <Textarea
        label="Descrição"
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        error={errors.description}
        maxLength={PENDENCY_TEXT_MAX}
        autosize
        minRows={3}
        maxRows={8}
        required
      />
      <PtBrDateInput
        label="Prazo"
        value={dueDate}
        onChange={(value) => {
          setDueDate(value);
          setErrors((current) => ({ ...current, dueDate: undefined }));
        }}
        minDate={today}
        error={errors.dueDate}
        required
        maw={240}
      />
      <DialogFooter
        failure={openPendency.error}
        failureTitle="Não foi possível abrir a pendência"
        pending={openPendency.isPending}
        submitLabel="Abrir pendência"
        onSubmit={submit}
        onCancel={close}
      />
    </ReviewDialog>
  );
}
