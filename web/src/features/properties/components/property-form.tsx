import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  messages,
  PropertyBodySchema,
  PropertyStaffRegisterFormSchema,
  type PropertyRegisterBody,
} from '@agroselo/contracts';
import { errorMessage, isApiError } from '../../../api';
import { DateField } from '../../../components/date-field';
import { ErrorAlert } from '../../../components/error-alert';
import { MaskedField } from '../../../components/masked-input';
import { applyServerErrors } from '../../../lib/form-errors';
import { CNPJ_MASK, CREA_MASK, MOBILE_MASK } from '../../../lib/masks';
import {
  PROPERTY_FIELD_LABELS,
  PROPERTY_FIELDS,
  type PropertyFieldName,
  type PropertyFormValues,
} from '../property-fields';

type PropertyFormOutput = z.output<typeof PropertyStaffRegisterFormSchema>;

/** What went wrong with the last submission, as spec §8 words it. */
type Failure =
  { kind: 'validation'; lines: string[] } | { kind: 'other'; title: string; message: string };

const label = (name: PropertyFieldName) => PROPERTY_FIELD_LABELS[name];

/** One line of the 'Erro de validação:' alert: the field's pt-BR label and the message. */
function validationLines(issues: readonly { loc: (string | number)[]; msg: string }[]) {
  return issues.map((issue) => {
    const field = issue.loc.findLast((part): part is string => typeof part === 'string');
    const name = field && field in PROPERTY_FIELD_LABELS ? label(field as PropertyFieldName) : null;
    return `${name ?? 'Campo'}: ${issue.msg}`;
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

export interface PropertyFormProps {
  defaultValues: PropertyFormValues;
  /** Technicians and admins register for a producer named by e-mail (decisions/006). */
  withOwnerEmail: boolean;
  submitLabel: string;
  /** The alert of a failure that is not a list of invalid fields (spec §8). */
  failureTitle: string;
  onSubmit: (body: PropertyRegisterBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The property form of registration and edit (spec §3, §5), checked by the server's schema. */
export function PropertyForm({
  defaultValues,
  withOwnerEmail,
  submitLabel,
  failureTitle,
  onSubmit,
  onCancel,
}: PropertyFormProps) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PropertyFormValues, unknown, PropertyFormOutput>({
    // The staff form also requires the producer's e-mail; producers' forms have no such field.
    resolver: zodResolver(
      (withOwnerEmail
        ? PropertyStaffRegisterFormSchema
        : PropertyBodySchema) as typeof PropertyStaffRegisterFormSchema,
    ),
    defaultValues,
  });

  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView({ block: 'center' });
  }, [failure]);

  const submit = async (body: PropertyFormOutput) => {
    setFailure(null);
    try {
      await onSubmit(withOwnerEmail ? body : { ...body, owner_email: undefined });
    } catch (error) {
      if (isApiError(error) && error.issues.length > 0) {
        applyServerErrors(error, setError, PROPERTY_FIELDS);
        setFailure({ kind: 'validation', lines: validationLines(error.issues) });
        return;
      }
      if (isApiError(error) && error.status === 409) {
        setError('cnpj', { type: 'server', message: error.message });
      }
      setFailure({
        kind: 'other',
        title: failureTitle,
        message: errorMessage(error, messages.common.requestFailed),
      });
    }
  };

  const text = (
    name: PropertyFieldName,
    props: { required?: boolean; placeholder?: string } = {},
  ) => (
    <TextInput label={label(name)} error={errors[name]?.message} {...props} {...register(name)} />
  );

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="lg">
        {failure && (
          <div ref={alertRef}>
            {failure.kind === 'validation' ? (
              <ErrorAlert title={messages.properties.validationHeading}>
                <List size="sm" spacing={2}>
                  {failure.lines.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </ErrorAlert>
            ) : (
              <ErrorAlert title={failure.title}>
                <Text size="sm">{failure.message}</Text>
              </ErrorAlert>
            )}
          </div>
        )}

        {withOwnerEmail && (
          <Section title="Produtor">
            <TextInput
              label={label('owner_email')}
              description="A propriedade fica com a conta deste produtor"
              type="email"
              autoComplete="off"
              required
              error={errors.owner_email?.message}
              {...register('owner_email')}
            />
          </Section>
        )}

        <Section title="Identificação">
          {text('business_name', { required: true })}
          {text('business_type', { required: true, placeholder: 'Granja, Fazenda, Agropecuária…' })}
          <MaskedField
            control={control}
            name="cnpj"
            label={label('cnpj')}
            mask={CNPJ_MASK}
            placeholder="00.000.000/0000-00"
            autoComplete="off"
            required
          />
          {text('irga', { required: true })}
        </Section>

        <Section title="Localização">
          {text('municipality', { required: true })}
          {text('place', { required: true })}
          <TextInput
            label={label('latitude')}
            placeholder="-30,8512"
            inputMode="decimal"
            required
            error={errors.latitude?.message}
            {...register('latitude')}
          />
          <TextInput
            label={label('longitude')}
            placeholder="-51,7986"
            inputMode="decimal"
            required
            error={errors.longitude?.message}
            {...register('longitude')}
          />
          <Controller
            control={control}
            name="car_n"
            render={({ field, fieldState }) => (
              <TextInput
                label={label('car_n')}
                description="Mínimo de 30 letras ou números, como no recibo do CAR"
                placeholder="RS-0000000-XXXX.XXXX.XXXX.XXXX.XXXX.XXXX.XXXX.XXXX"
                autoComplete="off"
                required
                style={{ gridColumn: '1 / -1' }}
                name={field.name}
                value={String(field.value ?? '')}
                onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        </Section>

        <Section title="Licenças de operação">
          {text('farming_lo_number', { required: true })}
          <DateField
            control={control}
            name="farming_lo_validity"
            label={label('farming_lo_validity')}
            required
          />
          {text('drying_and_stock_lo_number', { required: true })}
          <DateField
            control={control}
            name="drying_and_stock_lo_validity"
            label={label('drying_and_stock_lo_validity')}
            required
          />
        </Section>

        <Section title="Responsáveis">
          {text('responsible_name', { required: true })}
          {text('responsible_technician_name')}
          <MaskedField
            control={control}
            name="responsible_technician_phone"
            label={label('responsible_technician_phone')}
            mask={MOBILE_MASK}
            placeholder="(00) 00000-0000"
            type="tel"
            inputMode="tel"
            autoComplete="off"
          />
          <MaskedField
            control={control}
            name="responsible_technician_crea"
            label={label('responsible_technician_crea')}
            mask={CREA_MASK}
            placeholder="00.000-00"
            inputMode="numeric"
            autoComplete="off"
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
