import { lazy, Suspense } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';

// Opened by few, and only once a season: its code comes with the first click.
const RenewDialog = lazy(() =>
  import('./renew-dialog').then((module) => ({ default: module.RenewDialog })),
);

export interface RenewalOffer {
  processId: string;
  safra: string;
}

/**
 * 'Renovar para a safra 2027/28': next season's request of the property that holds this
 * instance's certificate, asking the rice area and the consent again.
 */
export function RenewButton({
  instanceId,
  propertyId,
  offer,
  ...props
}: { instanceId: string; propertyId: string; offer: RenewalOffer } & ButtonProps) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={dialog.open} {...props}>
        Renovar para a safra {offer.safra}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <RenewDialog
            instanceId={instanceId}
            propertyId={propertyId}
            offer={offer}
            onClose={dialog.close}
          />
        </Suspense>
      )}
    </>
  );
}
