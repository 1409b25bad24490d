import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COPYRIGHT, SITE_TAGLINE } from '../lib/site';
import { Brand } from './brand';

function LegalLinks() {
  return (
    <Box component="nav" aria-label="Documentos legais">
      <Group gap="lg">
        <Anchor component={Link} to="/privacidade" c="white" underline="always" size="sm">
          Política de Privacidade
        </Anchor>
        <Anchor component={Link} to="/termos" c="white" underline="always" size="sm">
          Termos de Uso
        </Anchor>
      </Group>
    </Box>
  );
}

interface SiteFooterProps {
  /** One slim row (copyright and legal links) for the full-screen pages. */
  compact?: boolean;
}

export function SiteFooter({ compact = false }: SiteFooterProps) {
  if (compact) {
    return (
      <Box component="footer" bg="leaf.9" c="white" py="sm" px="md">
        <Group
          justify="center"
          gap="xs"
          ta="center"
          style={{ columnGap: 'var(--mantine-spacing-lg)' }}
        >
          <Text size="sm">{COPYRIGHT}</Text>
          <LegalLinks />
        </Group>
      </Box>
    );
  }
  return (
    <Box component="footer" bg="leaf.9" c="white" py="xl">
      <Container size="lg">
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={6}>
              <Brand inverted />
              <Text size="sm">{SITE_TAGLINE}</Text>
              {/* Where a buyer checks a seal by its certificate's number, or finds who holds one. */}
              <Group gap="lg">
                <Anchor component={Link} to="/verificar" c="white" underline="always" size="sm">
                  Verificar certificado
                </Anchor>
                <Anchor component={Link} to="/certificados" c="white" underline="always" size="sm">
                  Certificados
                </Anchor>
              </Group>
            </Stack>
            <LegalLinks />
          </Group>
          <Text size="sm">{COPYRIGHT}</Text>
        </Stack>
      </Container>
    </Box>
  );
}
