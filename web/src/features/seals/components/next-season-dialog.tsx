import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  messages,
  nextSafra,
  NextSeasonBodySchema,
  type NextSeasonBody,
  type NextSeasonBodyInput,
} from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { DateField } from '../../../components/date-field';
import { ErrorAlert } from '../../../components/error-alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { dayjs } from '../../../lib/dayjs';
import { createNextSeason, sealKeys, type ProcessItem } from '../api';
import { notifySuccess } from '../notify';

const FIELDS = ['safra', 'start_date', 'end_date', 'validity_start', 'validity_end'] as const;

/** This season's day, a year on: the next season's cycle usually repeats this one's. */
const yearLater = (day: string) => dayjs(day).add(1, 'year').format('YYYY-MM-DD');

/**
 * 'Nova safra': the next season's draft copy of the process (same seal, forms, fields and
 * documents), with its safra and the four dates, each proposed a year after this season's.
 */
export function NextSeasonDialog({
  process,
  onClose,
}: {
  process: ProcessItem;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NextSeasonBodyInput, unknown, NextSeasonBody>({
    resolver: zodResolver(NextSeasonBodySchema),
    defaultValues: {
      safra: nextSafra(process.safra),
      start_date: yearLater(process.startDate),
      end_date: yearLater(process.endDate),
      validity_start: yearLater(process.validityStart),
      validity_end: yearLater(process.validityEnd),
    },
  });

  const onSubmit = async (body: NextSeasonBody) => {
    try {
      const created = await createNextSeason(process.id, body);
      await queryClient.invalidateQueries({ queryKey: sealKeys.all });
      notifySuccess(`Safra ${created.safra} de ${created.stamp.name} criada como rascunho`);
      onClose();
    } catch (error) {
      // A 422 goes under its inputs; a refusal (409, 400) is told above the buttons.
      if (!applyServerErrors(error, setError, FIELDS))
        setError('root.server', { message: errorMessage(error, messages.common.requestFailed) });
    }
  };

  return (
    <Modal opened onClose={onClose} title="Nova safra" centered size="lg">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Cria um rascunho de {process.stamp.name} para a próxima safra, com o mesmo selo,
            formulários, campos e documentos. A safra {process.safra} continua como está.
          </Text>
          <TextInput
            label="Safra"
            placeholder="2027/28"
            required
            maw={200}
            error={errors.safra?.message}
            {...register('safra')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateField control={control} name="start_date" label="Data de Início" required />
            <DateField control={control} name="end_date" label="Data de Fim" required />
            <DateField
              control={control}
              name="validity_start"
              label="Início da Validade"
              required
            />
            <DateField control={control} name="validity_end" label="Fim da Validade" required />
          </SimpleGrid>
          {errors.root?.server && (
            <ErrorAlert title="Não foi possível criar a nova safra">
              {errors.root.server.message}
            </ErrorAlert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Criar safra
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
