import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OfflineSync } from '../components/offline/offline-sync';
import { UpdatePrompt } from '../components/offline/update-prompt';
import { DATES_LOCALE } from '../lib/dates-locale';
import { theme } from '../theme';
import { LazyNotifications } from './lazy-notifications';
import { createQueryClient } from './query-client';
import { SessionProvider } from '../session';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    // The theme's CSS variables come ready in theme-variables.css (theme.test.ts keeps it equal
    // to what the provider would write), so its first render does not build and inject them.
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light">
      <DatesProvider settings={{ locale: DATES_LOCALE }}>
        <LazyNotifications />
        <QueryClientProvider client={client}>
          <SessionProvider>{children}</SessionProvider>
          <OfflineSync />
        </QueryClientProvider>
        <UpdatePrompt />
      </DatesProvider>
    </MantineProvider>
  );
}
