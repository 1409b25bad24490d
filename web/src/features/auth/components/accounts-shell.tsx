import type { ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import { paths } from '../../../lib/paths';
import { BrandHeading } from '../../../components/brand';
import { SiteFooter } from '../../../components/site-footer';
import landscape from '../field-landscape.svg';
import classes from './accounts-shell.module.css';

interface AccountsShellProps {
  /** Width of the card in px. */
  width: number;
  children: ReactNode;
}

/** Full-screen page over the rice-field landscape: brand, tagline, a card, a slim footer. */
export function AccountsShell({ width, children }: AccountsShellProps) {
  return (
    <div className={classes.page} style={{ backgroundImage: `url(${landscape})` }}>
      <main className={classes.main}>
        <Paper
          component="section"
          className={classes.card}
          maw={width}
          radius="lg"
          shadow="xl"
          p={{ base: 'lg', sm: 'xl' }}
        >
          <Stack gap="lg">
            <BrandHeading to={paths.home()} />
            {children}
          </Stack>
        </Paper>
      </main>
      <SiteFooter compact />
    </div>
  );
}
