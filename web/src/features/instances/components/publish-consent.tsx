import { useState } from 'react';
import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../api';
import { usePublishConsent } from '../api';
import { type InstanceDetailItem } from '../../../queries/instances';

/** The owner's choice to appear in the public registry of certificates, changeable any time. */
export function PublishConsentSwitch({ instance }: { instance: InstanceDetailItem }) {
  const consent = usePublishConsent(instance.id);
  // What the owner just chose, shown while the server saves it.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  return (
    <Switch
      label="Aparecer no registro público de certificados"
      description="Nome da propriedade, município, selo, safra e validade do certificado."
      checked={choosing ?? instance.publishConsent}
      disabled={consent.isPending}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setChoosing(next);
        consent.mutate(next, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, 'Não foi possível salvar a sua escolha'),
            }),
          onSettled: () => setChoosing(null),
        });
      }}
    />
  );
}
