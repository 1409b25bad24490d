import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { messages } from '@agroselo/contracts';
import { paths } from '../../lib/paths';
import { processQueryOptions, registerForm, sealKeys } from './api';
import { FormDetailsForm } from './components/form-details-form';
import { notifyFailure, notifySuccess } from './notify';

/** Spec §2 Register form: then straight to the new form's fields. */
export function RegisterFormPage() {
  const { processId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const process = useQuery(processQueryOptions(processId));

  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Cadastrar formulário</Title>
          {process.data && <Text c="dimmed">Processo do selo {process.data.stamp.name}</Text>}
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <FormDetailsForm
            submitLabel="Cadastrar"
            busyLabel="Enviando..."
            onCancel={() => void navigate(-1)}
            onSubmit={async (body) => {
              let formId: string;
              try {
                formId = (await registerForm(processId, body)).id;
              } catch (error) {
                notifyFailure(messages.seals.formCreateFailed, error);
                throw error;
              }
              await queryClient.invalidateQueries({ queryKey: sealKeys.detail(processId) });
              notifySuccess(messages.seals.formCreated);
              await navigate(paths.formFields(processId, formId));
            }}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
