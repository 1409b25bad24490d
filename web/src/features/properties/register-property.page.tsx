import { Container, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, STAFF_ROLES } from '@agroselo/contracts';
import { paths } from '../../lib/paths';
import { useSession } from '../../session';
import { useSaveProperty } from './api';
import { PropertyForm } from './components/property-form';
import { EMPTY_PROPERTY_FORM } from './property-fields';
import { useGoBack } from './use-go-back';

/** Spec §2 '/register-property'; staff register for a producer (decisions/006). */
export function RegisterPropertyPage() {
  const { user } = useSession();
  const isStaff = Boolean(user && STAFF_ROLES.includes(user.role));
  const goBack = useGoBack(isStaff ? paths.properties() : paths.profileProperties());
  const save = useSaveProperty();

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Formulário para cadastro de propriedade
          </Title>
          <Text c="dimmed">
            {isStaff
              ? 'Cadastre a propriedade em nome do produtor. Os campos marcados com * são obrigatórios.'
              : 'Informe os dados da sua propriedade. Os campos marcados com * são obrigatórios.'}
          </Text>
        </Stack>
        <PropertyForm
          defaultValues={EMPTY_PROPERTY_FORM}
          withOwnerEmail={isStaff}
          submitLabel="Finalizar Cadastro"
          failureTitle={messages.properties.registerFailed}
          onSubmit={async (body) => {
            const property = await save.mutateAsync(body);
            notifications.show({
              color: 'leaf',
              message: `Propriedade “${property.businessName}” cadastrada.`,
            });
            goBack();
          }}
          onCancel={goBack}
        />
      </Stack>
    </Container>
  );
}
