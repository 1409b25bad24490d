/** Names, addresses and links the institution may change: keep them here only. */
export const SITE_NAME = 'AgroSelo';
export const SITE_TAGLINE = 'Conectando o campo à tecnologia';
export const COPYRIGHT =
  '© 2023 AgroSelo — Universidade Federal de Pelotas. Todos os direitos reservados.';

export interface ExternalLink {
  label: string;
  title: string;
  href: string;
}

export const EXTERNAL_LINKS: readonly ExternalLink[] = [
  { label: 'UFPel', title: 'Universidade Federal de Pelotas', href: 'https://portal.ufpel.edu.br' },
  { label: 'IRGA', title: 'Instituto Rio Grandense do Arroz', href: 'https://irga.rs.gov.br' },
];

export const CONTACT_EMAIL = 'contato@agroselo.ufpel.edu.br';
export const PRIVACY_EMAIL = 'privacidade@agroselo.ufpel.edu.br';

export const HERO_MEDIA = {
  webm: '/media/field.webm',
  mp4: '/media/field.mp4',
  poster: '/media/field-poster.jpg',
} as const;
