import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowDown, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { HERO_MEDIA, SITE_TAGLINE } from '../../../lib/site';
import classes from './hero.module.css';

export function Hero({ showRegister }: { showRegister: boolean }) {
  // The prerendered page (src/prerender.tsx) cannot know the visitor's preference: it has no video,
  // nor has the first render that hydrates it; the video comes once the preference is read.
  const reduceMotion = useReducedMotion(true);

  return (
    <section
      className={classes.hero}
      style={{ backgroundImage: `url(${HERO_MEDIA.poster})` }}
      aria-labelledby="hero-title"
    >
      {!reduceMotion && (
        <video
          className={classes.video}
          autoPlay
          muted
          loop
          playsInline
          preload="none"
          poster={HERO_MEDIA.poster}
          aria-hidden="true"
          tabIndex={-1}
          disablePictureInPicture
        >
          <source src={HERO_MEDIA.webm} type="video/webm" />
          <source src={HERO_MEDIA.mp4} type="video/mp4" />
        </video>
      )}
      <div className={classes.overlay} />
      <Container size="lg" className={classes.content}>
        <Stack gap="lg" maw={680}>
          <Text className={classes.kicker}>{SITE_TAGLINE}</Text>
          <Title id="hero-title" order={1} className={classes.title}>
            Selos de qualidade para o arroz do Rio Grande do Sul
          </Title>
          <Text className={classes.lead}>
            O AgroSelo reúne produtores, técnicos e a Universidade Federal de Pelotas em um só
            lugar: cadastre sua propriedade, solicite um selo e acompanhe cada etapa da certificação
            pela internet.
          </Text>
          <Group gap="md">
            <Button
              component="a"
              href="#selos"
              size="lg"
              color="rice.4"
              rightSection={<IconArrowDown size={20} aria-hidden />}
            >
              Conheça os selos
            </Button>
            {showRegister && (
              <Button
                component={Link}
                to={paths.register()}
                size="lg"
                variant="white"
                color="leaf.9"
                leftSection={<IconUserPlus size={20} aria-hidden />}
              >
                Cadastre-se
              </Button>
            )}
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
