import {
  municipalityKey,
  REGION_LABELS,
  REGIONS,
  regionOf,
  type ReportFigures,
  type ReportSummary,
} from '@agroselo/contracts';

/** One municipality as the database spelled it, with its figures (one row of the summary query). */
export interface MunicipalityFigures extends ReportFigures {
  municipality: string;
}

export const NO_FIGURES: ReportFigures = {
  requests: 0,
  accepted: 0,
  in_progress: 0,
  certified: 0,
  certified_prata: 0,
  certified_ouro: 0,
  certified_no_level: 0,
  rejected: 0,
  suspended: 0,
  hectares_enrolled: 0,
  hectares_certified: 0,
};

const FIGURE_NAMES = Object.keys(NO_FIGURES) as (keyof ReportFigures)[];

/** Hectares carry two decimals: sums are rounded so that 0.1 + 0.2 reads 0.3. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

export function addFigures(a: ReportFigures, b: ReportFigures): ReportFigures {
  const sum = { ...a };
  for (const name of FIGURE_NAMES) sum[name] = hundredths(a[name] + b[name]);
  return sum;
}

/** Only the figures of a row that carries more. */
export const figuresOf = (row: ReportFigures): ReportFigures =>
  Object.fromEntries(FIGURE_NAMES.map((name) => [name, row[name]])) as ReportFigures;

/**
 * The rows grouped by the database per spelling become one per municipality (`municipalityKey`:
 * 'CAMAQUÃ' and 'camaqua' are Camaquã), named by the spelling with the most requests; regions
 * sum their municipalities, every region listed (zeros included) in the order of REGIONS.
 */
export function summarise(
  rows: readonly MunicipalityFigures[],
): Pick<ReportSummary, 'by_region' | 'by_municipality'> {
  const byKey = new Map<string, { name: string; nameRequests: number; figures: ReportFigures }>();
  for (const row of rows) {
    const key = municipalityKey(row.municipality);
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        name: row.municipality,
        nameRequests: row.requests,
        figures: figuresOf(row),
      });
      continue;
    }
    seen.figures = addFigures(seen.figures, row);
    if (row.requests > seen.nameRequests) {
      seen.name = row.municipality;
      seen.nameRequests = row.requests;
    }
  }
  const by_municipality = [...byKey.values()]
    .map(({ name, figures }) => ({ municipality: name, region: regionOf(name), ...figures }))
    .sort((a, b) => a.municipality.localeCompare(b.municipality, 'pt-BR'));
  const by_region = REGIONS.map((region) => ({
    region,
    label: REGION_LABELS[region],
    ...by_municipality
      .filter((row) => row.region === region)
      .reduce<ReportFigures>((sum, row) => addFigures(sum, row), NO_FIGURES),
  }));
  return { by_region, by_municipality };
}
