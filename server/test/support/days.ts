import { toSaoPauloDay } from '@agroselo/contracts';

/** The day in São Paulo `offset` days from now, as the wire writes it (YYYY-MM-DD). */
export const day = (offset: number) =>
  toSaoPauloDay(new Date(Date.now() + offset * 24 * 3_600_000).toISOString())!;

/** A wire day as pages and e-mails show it (DD/MM/YYYY). */
export const brazilian = (isoDay: string) => isoDay.split('-').reverse().join('/');
