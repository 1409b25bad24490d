import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Group,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingWarehouse, IconId, IconKey, IconShieldLock } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { PRODUCER_ROLES, ROLE_LABELS, type Role } from '@agroselo/contracts';
import { useSideMenu } from '../../components/side-menu-context';
import { paths } from '../../lib/paths';
import { useSession, type SessionUser } from '../../session';
import { ProfileFieldCard } from './components/profile-field-card';
import { ProfileTopBar, type SidebarToggle } from './components/profile-top-bar';
import { PRIVACY_SECTION_ID, PrivacySection } from './components/privacy-section';
import { PROPERTIES_SECTION_ID, PropertiesSection } from './components/properties-section';
import { profileFieldsFor, type ProfileField } from './profile-fields';
import { useScrollToHash } from './use-scroll-to-hash';

/** Spec §2: the variants that exist; any other role has no profile page. */
const PROFILE_ROLES: readonly Role[] = ['user', 'owner', 'technician', 'admin'];
const PERSONAL_SECTION_ID = 'dados-pessoais';
const SECTIONS_NAV_ID = 'profile-sections';

// The dialogs bring their forms' schemas, react-hook-form and the input masks: loaded on first use.
const EditFieldModal = lazy(() =>
  import('./components/edit-field-modal').then((module) => ({ default: module.EditFieldModal })),
);
const ChangePasswordModal = lazy(() =>
  import('./components/change-password-modal').then((module) => ({
    default: module.ChangePasswordModal,
  })),
);

const initials = (user: SessionUser) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?';

export interface ProfileSections {
  /** The producer's properties (the properties feature's list), under 'Propriedades Cadastradas'. */
  properties: ReactNode;
  /** The publication consents of the producer's requests (the registry feature's list). */
  publicationConsents: ReactNode;
}

/** The sections other features own come in from the app, which composes them. */
export function ProfilePage({ properties, publicationConsents }: ProfileSections) {
  const { user } = useSession();
  const sideMenu = useSideMenu();
  const [sectionsOpened, sections] = useDisclosure(true);
  const [editing, setEditing] = useState<ProfileField | null>(null);
  const [modalOpened, modal] = useDisclosure(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [passwordUsed, setPasswordUsed] = useState(false);
  useScrollToHash();

  if (!user) return null;
  if (!PROFILE_ROLES.includes(user.role)) return <Navigate to={paths.home()} replace />;

  const isProducer = PRODUCER_ROLES.includes(user.role);
  const fields = profileFieldsFor(user);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  // The app's side menu when this screen has one; otherwise the profile's own section list.
  const toggle: SidebarToggle = sideMenu
    ? { label: 'Menu lateral', opened: sideMenu.opened, onToggle: sideMenu.toggle }
    : {
        label: 'Seções do perfil',
        opened: sectionsOpened,
        onToggle: sections.toggle,
        controls: SECTIONS_NAV_ID,
      };

  const edit = (field: ProfileField) => {
    setEditing(field);
    modal.open();
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <ProfileTopBar toggle={toggle} />
        <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align="flex-start">
          {!sideMenu && (
            <ProfileSections
              id={SECTIONS_NAV_ID}
              hidden={!sectionsOpened}
              withProperties={isProducer}
            />
          )}
          <Stack gap="xl" flex={1} miw={0} w="100%">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Group gap="md" wrap="nowrap">
                <Avatar color="leaf.7" variant="filled" radius="xl" size={64}>
                  {initials(user)}
                </Avatar>
                <Stack gap={4} miw={0}>
                  <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                    {fullName}
                  </Title>
                  <Group gap="xs">
                    <Badge variant="light" color="leaf">
                      {ROLE_LABELS[user.role]}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      Meu perfil
                    </Text>
                  </Group>
                </Stack>
              </Group>
            </Paper>

            <Stack
              component="section"
              id={PERSONAL_SECTION_ID}
              aria-labelledby="personal-title"
              gap="md"
            >
              <Title order={2} id="personal-title" fz="xl">
                Informações pessoais
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {fields.map((field) => (
                  <ProfileFieldCard key={field.key} field={field} user={user} onEdit={edit} />
                ))}
              </SimpleGrid>
            </Stack>

            <Stack component="section" aria-labelledby="security-title" gap="md">
              <Title order={2} id="security-title" fz="xl">
                Segurança
              </Title>
              <Paper withBorder radius="md" p="md" role="group" aria-labelledby="password-label">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <ThemeIcon variant="light" size={40} radius="md" visibleFrom="xs" aria-hidden>
                      <IconKey size={22} />
                    </ThemeIcon>
                    <Stack gap={0}>
                      <Text id="password-label" size="sm" c="dimmed">
                        Senha
                      </Text>
                      <Text fw={600} aria-hidden>
                        ••••••••
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    variant="light"
                    onClick={() => {
                      setPasswordUsed(true);
                      passwordModal.open();
                    }}
                  >
                    Alterar senha
                  </Button>
                </Group>
              </Paper>
            </Stack>

            {isProducer && <PropertiesSection>{properties}</PropertiesSection>}
            <PrivacySection>{publicationConsents}</PrivacySection>
          </Stack>
        </Flex>
      </Stack>
      <Suspense fallback={null}>
        {editing && (
          <EditFieldModal field={editing} opened={modalOpened} user={user} onClose={modal.close} />
        )}
        {passwordUsed && (
          <ChangePasswordModal opened={passwordOpened} user={user} onClose={passwordModal.close} />
        )}
      </Suspense>
    </Container>
  );
}

interface ProfileSectionsProps {
  id: string;
  hidden: boolean;
  withProperties: boolean;
}

function ProfileSections({ id, hidden, withProperties }: ProfileSectionsProps) {
  const { hash } = useLocation();
  const current = hash.slice(1) || PERSONAL_SECTION_ID;
  const items = [
    { id: PERSONAL_SECTION_ID, label: 'Informações pessoais', icon: IconId },
    ...(withProperties
      ? [{ id: PROPERTIES_SECTION_ID, label: 'Propriedades', icon: IconBuildingWarehouse }]
      : []),
    { id: PRIVACY_SECTION_ID, label: 'Privacidade e dados', icon: IconShieldLock },
  ];
  return (
    <Box
      component="nav"
      id={id}
      hidden={hidden}
      aria-label="Seções do perfil"
      w={{ base: '100%', sm: 240 }}
      style={{ flexShrink: 0 }}
    >
      <Paper withBorder radius="md" p="xs">
        {items.map((item) => (
          <NavLink
            key={item.id}
            component={Link}
            to={`${paths.profile()}#${item.id}`}
            label={item.label}
            leftSection={<item.icon size={18} aria-hidden />}
            active={current === item.id}
            aria-current={current === item.id ? 'location' : undefined}
            variant="light"
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        ))}
      </Paper>
    </Box>
  );
}
