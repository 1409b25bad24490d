/**
 * The IRGA rice regions of Rio Grande do Sul and the municipalities each holds (DESIGN §4b).
 *
 * Source: IRGA (Instituto Rio Grandense do Arroz), the six "regionais" of its crop reports
 * ("Boletim de resultados da safra", https://irga.rs.gov.br), where each rice-growing
 * municipality belongs to one regional office. Municipalities not listed here grow little or no
 * irrigated rice; they read 'Outras regiões'. Keep this list in step with IRGA's when it changes.
 */
export const IRGA_REGIONS = [
  'fronteira_oeste',
  'campanha',
  'central',
  'costeira_interna',
  'costeira_externa',
  'zona_sul',
] as const;
export type IrgaRegion = (typeof IRGA_REGIONS)[number];
export const OTHER_REGION = 'outras' as const;
export type Region = IrgaRegion | typeof OTHER_REGION;
export const REGIONS: readonly Region[] = [...IRGA_REGIONS, OTHER_REGION];

export const REGION_LABELS: Record<Region, string> = {
  fronteira_oeste: 'Fronteira Oeste',
  campanha: 'Campanha',
  central: 'Região Central',
  costeira_interna: 'Planície Costeira Interna',
  costeira_externa: 'Planície Costeira Externa',
  zona_sul: 'Zona Sul',
  outras: 'Outras regiões',
};

const MUNICIPALITIES: Record<IrgaRegion, readonly string[]> = {
  fronteira_oeste: [
    'Alegrete',
    'Barra do Quaraí',
    'Garruchos',
    'Itacurubi',
    'Itaqui',
    'Maçambará',
    'Manoel Viana',
    'Quaraí',
    'Santo Antônio das Missões',
    'São Borja',
    'São Francisco de Assis',
    'Unistalda',
    'Uruguaiana',
  ],
  campanha: [
    'Aceguá',
    'Bagé',
    'Cacequi',
    'Candiota',
    'Dom Pedrito',
    'Hulha Negra',
    'Lavras do Sul',
    'Rosário do Sul',
    'Santa Margarida do Sul',
    'Santana do Livramento',
    'São Gabriel',
  ],
  central: [
    'Agudo',
    'Cachoeira do Sul',
    'Candelária',
    'Cerro Branco',
    'Dilermando de Aguiar',
    'Dona Francisca',
    'Faxinal do Soturno',
    'Formigueiro',
    'General Câmara',
    'Itaara',
    'Ivorá',
    'Jaguari',
    'Mata',
    'Nova Palma',
    'Novo Cabrais',
    'Pantano Grande',
    'Paraíso do Sul',
    'Passo do Sobrado',
    'Pinhal Grande',
    'Restinga Sêca',
    'Rio Pardo',
    'Santa Cruz do Sul',
    'Santa Maria',
    'São João do Polêsine',
    'São Martinho da Serra',
    'São Pedro do Sul',
    'São Sepé',
    'São Vicente do Sul',
    'Silveira Martins',
    'Toropi',
    'Vale Verde',
    'Vera Cruz',
    'Vila Nova do Sul',
  ],
  costeira_interna: [
    'Amaral Ferrador',
    'Arambaré',
    'Arroio dos Ratos',
    'Barra do Ribeiro',
    'Butiá',
    'Camaquã',
    'Cerro Grande do Sul',
    'Charqueadas',
    'Chuvisca',
    'Cristal',
    'Dom Feliciano',
    'Eldorado do Sul',
    'Guaíba',
    'Mariana Pimentel',
    'Minas do Leão',
    'São Jerônimo',
    'São Lourenço do Sul',
    'Sentinela do Sul',
    'Sertão Santana',
    'Tapes',
    'Triunfo',
  ],
  costeira_externa: [
    'Arroio do Sal',
    'Balneário Pinhal',
    'Capão da Canoa',
    'Capivari do Sul',
    'Caraá',
    'Cidreira',
    'Dom Pedro de Alcântara',
    'Glorinha',
    'Gravataí',
    'Imbé',
    'Mampituba',
    'Maquiné',
    'Morrinhos do Sul',
    'Mostardas',
    'Osório',
    'Palmares do Sul',
    'Santo Antônio da Patrulha',
    'Tavares',
    'Terra de Areia',
    'Torres',
    'Tramandaí',
    'Três Cachoeiras',
    'Três Forquilhas',
    'Viamão',
    'Xangri-lá',
  ],
  zona_sul: [
    'Arroio Grande',
    'Canguçu',
    'Capão do Leão',
    'Cerrito',
    'Chuí',
    'Herval',
    'Jaguarão',
    'Morro Redondo',
    'Pedro Osório',
    'Pelotas',
    'Pinheiro Machado',
    'Piratini',
    'Rio Grande',
    'Santa Vitória do Palmar',
    'Turuçu',
  ],
};

/** How a municipality is compared: lower case, no accents, single spaces ('Restinga Seca'). */
export const municipalityKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const REGION_BY_KEY: ReadonlyMap<string, IrgaRegion> = new Map(
  IRGA_REGIONS.flatMap((region) =>
    MUNICIPALITIES[region].map((name) => [municipalityKey(name), region] as const),
  ),
);

/** The IRGA region of a municipality as a producer typed it; 'outras' when it is not listed. */
export const regionOf = (municipality: string): Region =>
  REGION_BY_KEY.get(municipalityKey(municipality)) ?? OTHER_REGION;

/** The municipalities of a region as `municipalityKey`s, to filter by region in SQL. */
export const municipalityKeysOf = (region: IrgaRegion): string[] =>
  MUNICIPALITIES[region].map(municipalityKey);
