import type { ReactNode } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export const PROPERTIES_SECTION_ID = 'properties';

/**
 * The producer's properties (anchor #properties): the cards, with their edit link and one status
 * badge per process instance, are the properties feature's (`children`, composed by the app).
 */
export function PropertiesSection({ children }: { children: ReactNode }) {
  return (
    <Stack component="section" id={PROPERTIES_SECTION_ID} aria-labelledby="properties-title">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} id="properties-title" fz="xl">
          Propriedades Cadastradas
        </Title>
        <Button
          component={Link}
          to={paths.registerProperty()}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          Adicionar propriedade
        </Button>
      </Group>
      {children}
    </Stack>
  );
}
