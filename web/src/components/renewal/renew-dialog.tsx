import { useState } from 'react';
import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messages } from '@agroselo/contracts';
import { errorMessage } from '../../api';
import { paths } from '../../lib/paths';
import { ErrorAlert } from '../error-alert';
import { instanceQueryOptions, useRequestSeal } from '../../queries/instances';
import { typedAreaOf } from '../../lib/rice-area';
import { RequestFacts, requestFactsFields, type RequestFactsValue } from './request-facts';
import type { RenewalOffer } from './renew-button';

/** The renewal's request, pre-filled from the instance it renews; the new instance afterwards. */
export function RenewDialog({
  instanceId,
  propertyId,
  offer,
  onClose,
}: {
  instanceId: string;
  propertyId: string;
  offer: RenewalOffer;
  onClose: () => void;
}) {
  const previous = useQuery(instanceQueryOptions(instanceId));
  const [edited, setEdited] = useState<RequestFactsValue | null>(null);
  const [areaError, setAreaError] = useState<string | undefined>();
  const request = useRequestSeal(offer.processId);
  const navigate = useNavigate();
  const facts: RequestFactsValue = edited ?? {
    area: previous.data?.riceAreaHa != null ? typedAreaOf(previous.data.riceAreaHa) : '',
    consent: previous.data?.publishConsent ?? false,
  };

  const submit = async () => {
    const fields = requestFactsFields(facts);
    if (fields.error !== undefined) {
      setAreaError(fields.error);
      return;
    }
    // Awaited rather than through mutate's own callbacks: React Query drops those once this
    // dialog unmounts, and it does as the refreshed property stops offering the renewal it just
    // asked for (the producer was left on the property without a word).
    const instance = await request
      .mutateAsync({ propertyId, facts: fields.fields, renewal: true })
      .catch(() => null); // the dialog shows the failure (request.isError)
    if (!instance) return;
    notifications.show({ color: 'leaf', message: messages.instances.requested });
    onClose();
    void navigate(paths.producerDetails(instance.id));
  };

  return (
    <Modal opened onClose={onClose} title={`Renovar para a safra ${offer.safra}`} centered>
      <Stack gap="md">
        <Text size="sm">
          A renovação pede o selo da safra {offer.safra} para esta propriedade. Ao iniciar o
          processo, os formulários já vêm com as respostas da safra anterior, para você conferir.
        </Text>
        {previous.isPending ? (
          // The fields' own height, so they take its place without moving the buttons.
          <Skeleton h={150} role="status" aria-label="Carregando os dados da safra anterior" />
        ) : (
          <RequestFacts
            value={facts}
            onChange={(next) => {
              setEdited(next);
              setAreaError(undefined);
            }}
            error={areaError}
            disabled={request.isPending}
          />
        )}
        {request.isError && (
          <ErrorAlert title={messages.instances.requestFailed}>
            {errorMessage(request.error)}
          </ErrorAlert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            Cancelar
          </Button>
          <Button
            onClick={() => void submit()}
            loading={request.isPending}
            disabled={previous.isPending}
          >
            Solicitar renovação
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
