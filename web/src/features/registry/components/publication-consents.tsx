import { Anchor, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { paths } from '../../../lib/paths';
import { formatMomentDay } from '../../../lib/dates';
import {
  publicationConsentsQueryOptions,
  registryKeys,
  savePublishConsent,
  type PublicationConsentItem,
} from '../api';

const m = messages.registry;

function ConsentSwitch({ item }: { item: PublicationConsentItem }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (consent: boolean) => savePublishConsent(item.processInstanceId, consent),
    onSuccess: (saved) => {
      queryClient.setQueryData(
        publicationConsentsQueryOptions().queryKey,
        (list) =>
          list?.map((other) =>
            other.processInstanceId === item.processInstanceId
              ? { ...other, consent: saved.consent, consentAt: saved.consentAt }
              : other,
          ) ?? list,
      );
      void queryClient.invalidateQueries({ queryKey: registryKeys.all });
      notifications.show({
        color: 'leaf',
        message: saved.consent ? m.consentGranted : m.consentWithdrawn,
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: errorMessage(error, m.consentFailed) }),
  });
  const checked = save.isPending ? Boolean(save.variables) : item.consent;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.businessName}
        </Text>
        <Text size="sm" c="dimmed">
          {item.sealName} · safra {item.safra}
          {item.certificateNumber ? (
            <>
              {' · '}
              <Anchor
                component={Link}
                to={paths.verify(item.certificateNumber)}
                size="sm"
                underline="always"
              >
                certificado {item.certificateNumber}
              </Anchor>
            </>
          ) : (
            ' · ainda sem certificado'
          )}
        </Text>
        <Switch
          label="Aparecer no registro público"
          description={
            item.consentAt
              ? `${item.consent ? 'Autorizado' : 'Não autorizado'} desde ${formatMomentDay(item.consentAt)}`
              : 'Não autorizado'
          }
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}

/**
 * Profile, 'Privacidade e dados': for each seal request, whether the property may appear in the
 * public registry of certificates; each switch saves at once.
 */
export function PublicationConsents() {
  const query = useQuery(publicationConsentsQueryOptions());
  if (query.isError) return null;
  if (!query.data) return <Skeleton h={96} radius="md" />;
  if (query.data.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="publication-consents-title" gap="xs">
      <Title order={3} fz="md" id="publication-consents-title">
        Registro público de certificados
      </Title>
      <Text size="sm">
        Escolha se cada propriedade certificada aparece em{' '}
        <Anchor component={Link} to={paths.registry()}>
          Certificados emitidos
        </Anchor>
        , a lista pública onde compradores encontram quem tem o selo. Aparecem só o nome da
        propriedade, o município, o selo e a validade.
      </Text>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data.map((item) => (
          <ConsentSwitch key={item.processInstanceId} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}
