// The app's dates as people read them, written with Intl, which the browser has already: the pages
// producers open first load no date library (dayjs stays with the date inputs, components/dates).
// Formatters are built once, on first use: building one loads its time zone's rules and costs
// more than formatting a hundred dates.

let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;
let saoPauloDayFormat: Intl.DateTimeFormat | undefined;
const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day of the wire (YYYY-MM-DD) in pt-BR: 31/12/2028. */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** Two calendar days of the wire as a period: 01/08/2026 a 31/07/2027. */
export const formatPeriod = (startDay: string, endDay: string): string =>
  `${formatDay(startDay)} a ${formatDay(endDay)}`;

/** A moment in pt-BR, in the browser's time zone, on a 24-hour clock: 31/12/2025 às 14:05. */
export function formatMoment(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  dayFormat ??= new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  timeFormat ??= new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${dayFormat.format(date)} às ${timeFormat.format(date)}`;
}

/**
 * The day of a moment as São Paulo lived it, in pt-BR (31/12/2028): when a certificate was
 * issued, its standing changed or a consent was given, the same day whatever the reader's zone.
 */
export function formatMomentDay(isoDateTime: string): string {
  saoPauloDayFormat ??= new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return saoPauloDayFormat.format(new Date(isoDateTime));
}

/** Today as the wire's YYYY-MM-DD, in the browser's time zone. */
export function todayDay(): string {
  const today = new Date();
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

/** Whether a calendar day is already behind us (a licence or a deadline). */
export const isPastDay = (isoDay: string): boolean => isoDay < todayDay();
