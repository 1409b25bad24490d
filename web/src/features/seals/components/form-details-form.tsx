import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { DateField } from '../../../components/date-field';
import {
  FORM_NAME_MAX,
  FormBodySchema,
  type FormBody,
  type FormBodyInput,
} from '@agroselo/contracts';
import { applyServerErrors } from '../../../lib/form-errors';

const FIELDS = ['name', 'deadline', 'obligatory', 'sign'] as const;

interface FormDetailsFormProps {
  initial?: FormBodyInput;
  submitLabel: string;
  busyLabel: string;
  /** Rejects with the server's error; 422 messages land under their inputs. */
  onSubmit: (body: FormBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Name (N/300), deadline, Obrigatório and 'Requer assinatura': one form, three screens. */
export function FormDetailsForm({
  initial = { name: '', deadline: '', obligatory: false, sign: false },
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: FormDetailsFormProps) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormBodyInput, unknown, FormBody>({
    resolver: zodResolver(FormBodySchema),
    defaultValues: initial,
  });
  const name = useWatch({ control, name: 'name' }) ?? '';

  const submit = async (body: FormBody) => {
    try {
      await onSubmit(body);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome"
          required
          maxLength={FORM_NAME_MAX}
          error={errors.name?.message}
          description={
            <Text component="span" size="xs" aria-live="polite">
              {name.length}/{FORM_NAME_MAX}
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-autofocus
          {...register('name')}
        />
        <DateField control={control} name="deadline" label="Deadline" required />
        <Checkbox label="Obrigatório" {...register('obligatory')} />
        <Checkbox label="Requer assinatura" {...register('sign')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
