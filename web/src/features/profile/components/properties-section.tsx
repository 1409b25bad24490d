import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

export const PROPERTIES_SECTION_ID = 'properties';

/**
 * The producer's properties (anchor #properties). GET /api/property/all does not exist yet:
 * the properties feature fills this section with its list and cards (edit link, one status
 * badge per process instance); until then it shows the empty state without fetching.
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
      <Paper withBorder radius="md" p="xl" bg="gray.0">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconBuildingWarehouse size={30} />
          </ThemeIcon>
          <Text fw={700}>Nenhuma propriedade cadastrada</Text>
          <Text size="sm" c="dimmed" maw={420}>
            Use o botão “Adicionar propriedade” acima para cadastrar a sua primeira propriedade.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
