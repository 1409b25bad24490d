import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { Modal as MantineModal } from '@mantine/core';

// A dialog's code (focus trap, scroll area, transitions) is not part of the form's first screen.
const Modal = lazy(() => import('./modal').then((module) => ({ default: module.Modal })));

/** Mantine's Modal, mounted (its code loaded) when it first opens, and kept for the next times. */
export function OnDemandModal(props: ComponentProps<typeof MantineModal>) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
