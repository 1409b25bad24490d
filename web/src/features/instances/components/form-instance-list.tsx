import { useId } from 'react';
import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconCircleCheck, IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { InstanceDetailItem } from '../../../queries/instances';
import { formatDay, isPastDay } from '../../../lib/dates';
import classes from './form-instance-list.module.css';
import { FormPdfButton } from './form-pdf-button';

type FormInstance = InstanceDetailItem['formInstances'][number];

function Deadline({ form }: { form: FormInstance }) {
  if (!form.deadline) return <Text size="sm">Sem prazo</Text>;
  const overdue = !form.commited && isPastDay(form.deadline);
  return (
    <Text size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined}>
      Prazo: <time dateTime={form.deadline}>{formatDay(form.deadline)}</time>
      {overdue ? ' (vencido)' : ''}
    </Text>
  );
}

/**
 * Spec §2: once started, the instance's forms as attachments, each opening its own page, with
 * its deadline and whether the producer finished it.
 */
export function FormInstanceList({ instance }: { instance: InstanceDetailItem }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          Formulários e anexos
        </Title>
        {instance.formInstances.length === 0 ? (
          <Text size="sm" c="dimmed">
            Este processo não tem formulários.
          </Text>
        ) : (
          <ul className={classes.list}>
            {instance.formInstances.map((form) => (
              <li key={form.id}>
                <UnstyledButton
                  component={Link}
                  to={paths.formInstance(instance.id, form.id)}
                  className={classes.item}
                  aria-label={`${form.name}: ${form.commited ? 'concluído' : 'em preenchimento'}`}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon
                      variant="light"
                      color={form.commited ? 'leaf' : 'gray'}
                      size={36}
                      radius="md"
                      aria-hidden
                    >
                      {form.commited ? <IconCircleCheck size={20} /> : <IconFileText size={20} />}
                    </ThemeIcon>
                    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} className={classes.name}>
                        {form.name}
                      </Text>
                      <Deadline form={form} />
                      <Group gap={6}>
                        <Badge color={form.commited ? 'leaf' : 'rice'} variant="light" size="sm">
                          {form.commited ? 'Concluído' : 'Em preenchimento'}
                        </Badge>
                        {form.obligatory && (
                          <Badge color="gray" variant="light" size="sm">
                            Obrigatório
                          </Badge>
                        )}
                        {form.sign && (
                          <Badge color="gray" variant="light" size="sm">
                            Requer Assinatura
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                    <IconChevronRight size={20} aria-hidden className={classes.chevron} />
                  </Group>
                </UnstyledButton>
                <FormPdfButton instanceId={instance.id} formId={form.id} name={form.name} />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
