import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function RegisterCta() {
  return (
    <section aria-labelledby="cadastro-titulo">
      <Container size="lg" pb={72}>
        <Group
          justify="space-between"
          align="center"
          gap="xl"
          p={{ base: 'xl', md: 48 }}
          bg="rice.1"
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Stack gap="xs" maw={620}>
            <Title order={2} id="cadastro-titulo">
              Faça parte do AgroSelo
            </Title>
            <Text size="lg">
              Crie sua conta gratuitamente, cadastre sua propriedade e solicite o selo de qualidade
              da sua produção. Todo o acompanhamento é feito on-line.
            </Text>
          </Stack>
          <Button
            component={Link}
            to={paths.register()}
            size="lg"
            rightSection={<IconArrowRight size={20} aria-hidden />}
          >
            Criar minha conta
          </Button>
        </Group>
      </Container>
    </section>
  );
}
