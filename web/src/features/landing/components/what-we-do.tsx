import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconPlant2, IconUsersGroup } from '@tabler/icons-react';

const THEMES = [
  {
    title: 'Análise de dados',
    icon: IconChartBar,
    text: 'Reunimos as informações de cada propriedade — licenças de operação, inscrição no IRGA, Cadastro Ambiental Rural e os formulários de cada safra — e as organizamos para que técnicos e produtores decidam com base em dados confiáveis.',
  },
  {
    title: 'Monitoramento sustentável',
    icon: IconPlant2,
    text: 'Acompanhamos o manejo da lavoura, o uso da água e a validade das licenças ambientais durante toda a certificação, para que o selo represente uma produção responsável do plantio à secagem e armazenagem.',
  },
  {
    title: 'Comunidade de produtores',
    icon: IconUsersGroup,
    text: 'Aproximamos produtores, técnicos e a universidade: cada solicitação é avaliada por um técnico responsável, e o conhecimento gerado nas avaliações volta para o campo em forma de boas práticas.',
  },
] as const;

export function WhatWeDo() {
  return (
    <section aria-labelledby="o-que-fazemos" id="sobre">
      <Container size="lg" py={72}>
        <Stack gap="xl">
          <Stack gap="xs" maw={720}>
            <Title order={2} id="o-que-fazemos">
              O que fazemos
            </Title>
            <Text c="dimmed" size="lg">
              Tecnologia a serviço de quem produz: do cadastro da propriedade à emissão do selo,
              cada etapa fica registrada e pode ser acompanhada de qualquer lugar.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {THEMES.map((theme) => (
              <Card key={theme.title} withBorder padding="lg" radius="lg" component="article">
                <Stack gap="sm">
                  <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
                    <theme.icon size={28} />
                  </ThemeIcon>
                  <Title order={3} fz="lg">
                    {theme.title}
                  </Title>
                  <Text>{theme.text}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </section>
  );
}
