import { ActionIcon, Box, Breadcrumbs, Button, Group, Paper, Text } from '@mantine/core';
import {
  IconHome,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export interface SidebarToggle {
  /** Accessible name of the toggle; its state goes in aria-expanded. */
  label: string;
  opened: boolean;
  onToggle: () => void;
  /** Id of the element it shows and hides, when it is on this page. */
  controls?: string;
}

/** Spec §2: a top bar with a Home link and a sidebar toggle. */
export function ProfileTopBar({ toggle }: { toggle: SidebarToggle }) {
  const Icon = toggle.opened ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <Paper withBorder radius="md" px="sm" py={6}>
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={toggle.label}
          aria-expanded={toggle.opened}
          aria-controls={toggle.controls}
          onClick={toggle.onToggle}
        >
          <Icon size={22} aria-hidden />
        </ActionIcon>
        <Box component="nav" aria-label="Você está em">
          <Breadcrumbs separatorMargin={6}>
            <Button
              component={Link}
              to={paths.home()}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconHome size={16} aria-hidden />}
            >
              Home
            </Button>
            <Text size="sm" aria-current="page">
              Perfil
            </Text>
          </Breadcrumbs>
        </Box>
      </Group>
    </Paper>
  );
}
