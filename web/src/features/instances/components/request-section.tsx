import { useId, useState } from 'react';
import { Alert, Button, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingWarehouse, IconMailCheck, IconPlus, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { messages } from '@agroselo/contracts';
import { errorMessage } from '../../../api';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../session';
import { ErrorAlert, LoadError } from '../../../components/error-alert';
import { TermsAgreement } from '../../../components/terms-agreement';
import { formatCnpj } from '../../../lib/masks';
import {
  ownPropertiesQueryOptions,
  useRequestSeal,
  type OwnProperty,
} from '../../../queries/instances';
import { REQUEST_TERMS_TITLE, SealRequestTerms } from '../terms';
import { InfoList } from './card-parts';
import {
  EMPTY_FACTS,
  RequestFacts,
  requestFactsFields,
} from '../../../components/renewal/request-facts';

interface RequestSectionProps {
  process: { id: string; stamp: { name: string } };
}

/**
 * Spec §2 Seal and process detail, the producer's part: one of their properties, the terms,
 * 'Solicitar processo'; the new instance's page afterwards.
 */
export function RequestSection({ process }: RequestSectionProps) {
  const headingId = useId();
  const navigate = useNavigate();
  const { user } = useSession();
  const verified = Boolean(user && !user.pending);
  const properties = useQuery({ ...ownPropertiesQueryOptions(), enabled: verified });
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [facts, setFacts] = useState(EMPTY_FACTS);
  const [areaError, setAreaError] = useState<string | undefined>();
  const requestSeal = useRequestSeal(process.id);
  const chosen = properties.data?.find((property) => property.id === propertyId) ?? null;

  const submit = () => {
    if (!chosen || !accepted) return;
    const request = requestFactsFields(facts);
    if (request.error !== undefined) {
      setAreaError(request.error);
      return;
    }
    requestSeal.mutate(
      { propertyId: chosen.id, facts: request.fields },
      {
        onSuccess: (instance) => {
          notifications.show({ color: 'leaf', message: messages.instances.requested });
          void navigate(paths.producerDetails(instance.id));
        },
      },
    );
  };

  let content;
  if (!verified) {
    content = (
      <Alert color="rice" variant="light" icon={<IconMailCheck aria-hidden />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Confirme o seu e-mail para solicitar selos.</Text>
          <Button component={Link} to={paths.verificationCode()} variant="light">
            Informar o código
          </Button>
        </Stack>
      </Alert>
    );
  } else if (properties.isPending) {
    content = <Skeleton h={120} role="status" aria-label="Carregando suas propriedades" />;
  } else if (properties.isError) {
    content = <LoadError title="Não foi possível carregar suas propriedades" query={properties} />;
  } else if (properties.data.length === 0) {
    content = (
      <Alert color="leaf" variant="light" icon={<IconBuildingWarehouse aria-hidden />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Para solicitar um selo, cadastre primeiro a propriedade que será certificada.
          </Text>
          <Button
            component={Link}
            to={paths.registerProperty()}
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Cadastrar propriedade
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Stack gap="md">
        <Select
          label="Propriedade"
          placeholder="Selecione"
          data={properties.data.map((property) => ({
            value: property.id,
            label: property.businessName,
          }))}
          value={propertyId}
          onChange={setPropertyId}
          allowDeselect={false}
          searchable={properties.data.length > 6}
          nothingFoundMessage="Nenhuma propriedade com esse nome"
          maw={480}
        />
        {chosen && <PropertySummary property={chosen} />}
        <RequestFacts
          value={facts}
          onChange={(next) => {
            setFacts(next);
            setAreaError(undefined);
          }}
          error={areaError}
        />
        <TermsAgreement accepted={accepted} onChange={setAccepted} title={REQUEST_TERMS_TITLE}>
          <SealRequestTerms sealName={process.stamp.name} />
        </TermsAgreement>
        {requestSeal.isError && (
          <ErrorAlert title={messages.instances.requestFailed}>
            {errorMessage(requestSeal.error)}
          </ErrorAlert>
        )}
        <Button
          onClick={submit}
          disabled={!chosen || !accepted}
          loading={requestSeal.isPending}
          leftSection={<IconSend size={18} aria-hidden />}
          w={{ base: '100%', xs: 'fit-content' }}
        >
          Solicitar processo
        </Button>
        {(!chosen || !accepted) && (
          <Text size="xs" c="dimmed">
            {!chosen
              ? 'Escolha a propriedade e aceite os termos para solicitar.'
              : messages.instances.termsRequired}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            Solicitar este selo
          </Title>
          <Text size="sm" c="dimmed">
            Um técnico avaliará o pedido. Depois de aceito, você inicia o processo e preenche os
            formulários.
          </Text>
        </Stack>
        {content}
      </Stack>
    </Paper>
  );
}

function PropertySummary({ property }: { property: OwnProperty }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      role="group"
      aria-label="Propriedade escolhida"
      maw={480}
    >
      <Stack gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {property.businessName}
        </Text>
        <InfoList
          rows={[
            { label: 'Denominação', value: property.businessType },
            { label: 'CNPJ', value: formatCnpj(property.cnpj) },
            { label: 'Município', value: property.municipality },
            { label: 'Localidade', value: property.place },
            { label: 'Responsável', value: property.responsibleName },
          ]}
        />
      </Stack>
    </Paper>
  );
}
