import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ProducerProperties } from '../../properties/components/producer-properties';
import { PROFILE_PAGE_SIZE } from '../page-size';

export const PROPERTIES_SECTION_ID = 'properties';

/**
 * The producer's properties (anchor #properties): the cards, with their edit link and one status
 * badge per process instance, come from the properties feature.
 */
export function PropertiesSection() {
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
      <ProducerProperties pageSize={PROFILE_PAGE_SIZE} />
    </Stack>
  );
}
