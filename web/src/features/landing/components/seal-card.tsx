import { Button, Card, Center, Image, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { SafraBadge } from '../../../components/safra-badge';
import type { Seal } from '../../../queries/stamps';

export function SealCard({ seal }: { seal: Seal }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="article" h="100%">
      <Card.Section bg="leaf.0" h={180}>
        {seal.imageUrl ? (
          <Image src={seal.imageUrl} alt={`Selo ${seal.name}`} h={180} fit="contain" p="md" />
        ) : (
          <Center h="100%" aria-hidden>
            <ThemeIcon size={96} radius={96} variant="light">
              <IconCertificate size={56} />
            </ThemeIcon>
          </Center>
        )}
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Stack gap={6} align="flex-start">
          <Title order={3} fz="xl">
            {seal.name}
          </Title>
          <SafraBadge safra={seal.safra} />
        </Stack>
        <Text>{seal.description}</Text>
        {seal.features.length > 0 && (
          <List
            spacing={6}
            size="sm"
            center
            aria-label={`Características do selo ${seal.name}`}
            icon={
              <ThemeIcon size={22} radius="xl" color="leaf.7" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {seal.features.map((item, index) => (
              <List.Item key={`${index}-${item.feature}`}>{item.feature}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      {seal.processId && (
        <Button
          component={Link}
          to={paths.requestProcess(seal.processId)}
          mt="lg"
          fullWidth
          // Long seal names wrap instead of being cut off.
          styles={{
            root: { height: 'auto', minHeight: 36, paddingBlock: 8 },
            label: { whiteSpace: 'normal', textAlign: 'center' },
          }}
        >
          Solicitar {seal.name}
        </Button>
      )}
    </Card>
  );
}
