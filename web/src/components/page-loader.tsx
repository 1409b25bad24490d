import { Center, Loader } from '@mantine/core';

/**
 * As tall as the screen below the header: the footer stays below the fold until the page replaces
 * the loader, so the page's arrival pushes nothing the visitor already sees.
 */
export function PageLoader({ label = 'Carregando…' }: { label?: string }) {
  return (
    <Center mih="calc(100dvh - 80px)">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
