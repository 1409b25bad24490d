import { useEffect, useRef } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { messages, STAFF_ROLES } from '@agroselo/contracts';
import { errorMessage } from '../../api';
import { paths } from '../../lib/paths';
import { useSession } from '../../session';
import { PageLoader } from '../../components/page-loader';
import { propertyQueryOptions, useSaveProperty } from './api';
import { PropertyForm } from './components/property-form';
import { toFormValues } from './property-fields';
import { useGoBack } from './use-go-back';

/** Spec §2 '/edit-property/{id}': the shared form, pre-filled; back on load failure and on success. */
export function EditPropertyPage() {
  const { propertyId = '' } = useParams();
  const { user } = useSession();
  const isStaff = Boolean(user && STAFF_ROLES.includes(user.role));
  const goBack = useGoBack(isStaff ? paths.properties() : paths.profileProperties());
  const { data: property, error } = useQuery(propertyQueryOptions(propertyId));
  const save = useSaveProperty(propertyId);

  const leaving = useRef(false);
  useEffect(() => {
    // Once: a second run (StrictMode) would go back two pages.
    if (!error || leaving.current) return;
    leaving.current = true;
    notifications.show({
      color: 'red',
      title: 'Não foi possível abrir a propriedade',
      message: errorMessage(error),
    });
    goBack();
  }, [error, goBack]);

  if (!property) return <PageLoader />;

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Editar propriedade
          </Title>
          <Text c="dimmed">{property.businessName}</Text>
        </Stack>
        <PropertyForm
          key={property.id}
          defaultValues={toFormValues(property)}
          withOwnerEmail={false}
          submitLabel="Finalizar"
          failureTitle={messages.properties.editFailed}
          onSubmit={async (body) => {
            const saved = await save.mutateAsync(body);
            notifications.show({
              color: 'leaf',
              message: `Alterações de “${saved.businessName}” salvas.`,
            });
            goBack();
          }}
          onCancel={goBack}
        />
      </Stack>
    </Container>
  );
}
