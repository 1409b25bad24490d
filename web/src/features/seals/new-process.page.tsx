import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Container,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto, IconFileTypePdf, IconPlus, IconX } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { DateField } from '../../components/date-field';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  FEATURE_MAX,
  FEATURES_MAX,
  messages,
  NOTICE_FILE_TYPE,
  ProcessFieldsSchema,
  SEAL_IMAGE_MAX_BYTES,
  SEAL_IMAGE_TYPES,
  SEAL_LEVELS,
  SafraSchema,
  safraOf,
  STAMP_NAME_MAX,
  withProcessDateOrder,
} from '@agroselo/contracts';
import { paths } from '../../lib/paths';
import { applyServerErrors } from '../../lib/form-errors';
import { registerProcess, sealKeys } from './api';
import { ReviewSettingsSwitches, type ReviewSwitches } from './components/review-settings';
import { todayDay } from '../../lib/dates';
import { notifyFailure, notifySuccess } from './notify';

const m = messages.seals;

/** The server checks the bytes; this only spares a useless upload. */
const NewProcessFormSchema = withProcessDateOrder(
  ProcessFieldsSchema.extend({
    safra: SafraSchema,
    file: z
      .instanceof(File, { error: m.imageRequired })
      .refine((file) => file.size <= SEAL_IMAGE_MAX_BYTES, m.imageTooLarge)
      .refine(
        (file) => !file.type || (SEAL_IMAGE_TYPES as readonly string[]).includes(file.type),
        m.imageType,
      ),
    notice_file: z
      .instanceof(File)
      .refine((file) => !file.type || file.type === NOTICE_FILE_TYPE, m.noticeFileType)
      .nullable(),
  }),
);
type FormInput = z.input<typeof NewProcessFormSchema>;
type FormOutput = z.output<typeof NewProcessFormSchema>;

const TEXT_FIELDS = [
  'safra',
  'notice',
  'description',
  'start_date',
  'end_date',
  'validity_start',
  'validity_end',
  'stamp_name',
  'stamp_description',
] as const;
const FIELDS = [...TEXT_FIELDS, 'file', 'notice_file'] as const;

const EMPTY = {
  safra: safraOf(todayDay()),
  notice: '',
  description: '',
  start_date: '',
  end_date: '',
  validity_start: '',
  validity_end: '',
  stamp_name: '',
  stamp_description: '',
  file: null,
  notice_file: null,
} as unknown as FormInput;

/** Spec §2 New process: the process and its seal, all required, then back to the seal list. */
export function NewProcessPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [features, setFeatures] = useState<string[]>([]);
  const [review, setReview] = useState<ReviewSwitches>({ levels: false, committee: false });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(NewProcessFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: FormOutput) => {
    const form = new FormData();
    for (const name of TEXT_FIELDS) form.append(name, values[name]);
    form.append('file', values.file);
    if (values.notice_file) form.append('notice_file', values.notice_file);
    for (const feature of features) if (feature.trim()) form.append('features', feature.trim());
    if (review.levels) form.append('levels', SEAL_LEVELS.join(','));
    form.append('committee', String(review.committee));
    try {
      await registerProcess(form);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyFailure(m.processCreateFailed, error, m.processCreateFailed);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sealKeys.all });
    notifySuccess('Processo criado com sucesso!');
    await navigate(paths.stamps());
  };

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>Novo Processo</Title>
        <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
          <Stack gap="lg">
            <Paper
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="process-info"
            >
              <Stack gap="md">
                <Title order={2} fz="lg" id="process-info">
                  Informações do Processo
                </Title>
                <TextInput
                  label="Safra"
                  description="A safra cuja comercialização o selo certifica (ex.: 2026/27)"
                  required
                  maw={280}
                  error={errors.safra?.message}
                  {...register('safra')}
                />
                <Textarea
                  label="Aviso"
                  required
                  autosize
                  minRows={2}
                  error={errors.notice?.message}
                  {...register('notice')}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <DateField control={control} name="start_date" label="Data de Início" required />
                  <DateField control={control} name="end_date" label="Data de Fim" required />
                </SimpleGrid>
                <Textarea
                  label="Descrição"
                  required
                  autosize
                  minRows={3}
                  error={errors.description?.message}
                  {...register('description')}
                />
                <Controller
                  control={control}
                  name="notice_file"
                  render={({ field, fieldState }) => (
                    <FileInput
                      label="Edital (PDF)"
                      description="Opcional: os produtores poderão baixá-lo na página do selo"
                      placeholder="Escolher arquivo"
                      accept={NOTICE_FILE_TYPE}
                      clearable
                      clearButtonProps={{ 'aria-label': 'Remover edital' }}
                      leftSection={<IconFileTypePdf size={18} aria-hidden />}
                      value={field.value ?? null}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              </Stack>
            </Paper>

            <Paper
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="stamp-info"
            >
              <Stack gap="md">
                <Title order={2} fz="lg" id="stamp-info">
                  Informações do Selo
                </Title>
                <TextInput
                  label="Nome do Selo"
                  required
                  maxLength={STAMP_NAME_MAX}
                  error={errors.stamp_name?.message}
                  {...register('stamp_name')}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <DateField
                    control={control}
                    name="validity_start"
                    label="Início da Validade"
                    required
                  />
                  <DateField
                    control={control}
                    name="validity_end"
                    label="Fim da Validade"
                    required
                  />
                </SimpleGrid>
                <Textarea
                  label="Descrição do Selo"
                  required
                  autosize
                  minRows={3}
                  error={errors.stamp_description?.message}
                  {...register('stamp_description')}
                />
                <Controller
                  control={control}
                  name="file"
                  render={({ field, fieldState }) => (
                    <FileInput
                      label="Imagem do Selo"
                      description="PNG, JPEG ou WebP, até 5 MB"
                      placeholder="Escolher imagem"
                      accept={SEAL_IMAGE_TYPES.join(',')}
                      required
                      clearable
                      clearButtonProps={{ 'aria-label': 'Remover imagem' }}
                      leftSection={<IconPhoto size={18} aria-hidden />}
                      value={(field.value as File | null) ?? null}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <FeaturesInput features={features} onChange={setFeatures} />
              </Stack>
            </Paper>

            <Paper
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="review-info"
            >
              <Stack gap="md">
                <Title order={2} fz="lg" id="review-info">
                  Avaliação
                </Title>
                <ReviewSettingsSwitches value={review} onChange={setReview} />
              </Stack>
            </Paper>

            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => void navigate(paths.stamps())}
                disabled={isSubmitting}
              >
                Cancelar
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Criando...' : 'Criar Processo'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}

function FeaturesInput({
  features,
  onChange,
}: {
  features: string[];
  onChange: (features: string[]) => void;
}) {
  return (
    <Stack gap="xs" role="group" aria-labelledby="features-label">
      <Text fw={500} size="sm" id="features-label">
        Características do selo
      </Text>
      <Text size="xs" c="dimmed">
        Opcional: frases curtas mostradas no cartão do selo (até {FEATURES_MAX}).
      </Text>
      {features.map((feature, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={`Característica ${index + 1}`}
            maxLength={FEATURE_MAX}
            value={feature}
            onChange={(event) =>
              onChange(
                features.map((item, at) => (at === index ? event.currentTarget.value : item)),
              )
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remover característica ${index + 1}`}
            onClick={() => onChange(features.filter((_, at) => at !== index))}
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={features.length >= FEATURES_MAX}
        onClick={() => onChange([...features, ''])}
      >
        Adicionar característica
      </Button>
    </Stack>
  );
}
