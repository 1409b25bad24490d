import { dayjs } from '../../lib/dayjs';

/** `YYYY-MM-DD` as the pt-BR day: 31/03/2027. */
export const formatDay = (day: string): string => dayjs(day).format('DD/MM/YYYY');

export const formatPeriod = (start: string, end: string): string =>
  `${formatDay(start)} a ${formatDay(end)}`;

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export const todayDay = (): string => dayjs().format('YYYY-MM-DD');
