// The app's dates as people read them, written with what the browser has (Date, Intl): the pages
// producers open first load no date library (dayjs stays with the date inputs, components/dates).
// The one formatter left (São Paulo's day) is built once, on first use: building one loads its
// time zone's rules and costs more than formatting a hundred dates.

import { serverRender } from '../api/server-render';

let saoPauloDayFormat: Intl.DateTimeFormat | undefined;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A Date's fields in the reader's time zone: the browser's own; on the server, rendering a
 * signed-in page, the zone its browser reported (the page must read as the browser then renders
 * it). The server's formatters are few (one per zone met) and built once.
 */
function fieldsOf(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const zone = serverRender()?.timeZone;
  if (!zone)
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  const parts = Object.fromEntries(
    zoneFormat(zone)
      .formatToParts(date)
      .map(({ type, value }) => [type, Number(value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines write midnight as 24 on a 24-hour clock.
    hour: parts.hour! % 24,
    minute: parts.minute!,
  };
}

// Bounded: the zone is the visitor's word (a cookie); a real server meets one or two.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_ZONE_FORMATS = 16;
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    if (zoneFormats.size >= MAX_ZONE_FORMATS) zoneFormats.clear();
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

const localDay = (date: Date) => {
  const { year, month, day } = fieldsOf(date);
  return `${year}-${pad(month)}-${pad(day)}`;
};

/** A calendar day of the wire (YYYY-MM-DD) in pt-BR: 31/12/2028. */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** Two calendar days of the wire as a period: 01/08/2026 a 31/07/2027. */
export const formatPeriod = (startDay: string, endDay: string): string =>
  `${formatDay(startDay)} a ${formatDay(endDay)}`;

/**
 * A moment in pt-BR, in the browser's time zone, on a 24-hour clock: 31/12/2025 às 14:05. Written
 * from the Date's own fields, Intl's pt-BR output for these options: building a DateTimeFormat
 * loads the locale's patterns, measured at 100–400 ms of the instance page's first render on a
 * phone (4× CPU), for two numbers and a separator.
 */
export function formatMoment(isoDateTime: string): string {
  const parts = momentParts(isoDateTime);
  return parts ? `${formatDay(parts.day)} às ${parts.time}` : 'Invalid Date';
}

/** A moment's day (YYYY-MM-DD) and 24-hour time (HH:mm) in the browser's time zone; null if none. */
export function momentParts(isoDateTime: string): { day: string; time: string } | null {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return null;
  const { year, month, day, hour, minute } = fieldsOf(date);
  return { day: `${year}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
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
export const todayDay = (): string => localDay(new Date());

/** Whether a calendar day is already behind us (a licence or a deadline). */
export const isPastDay = (isoDay: string): boolean => isoDay < todayDay();

/** A moment of this year, shortly, in the browser's time zone: 28/11 às 14:32. */
export function formatShortMoment(time: number): string {
  const parts = momentParts(new Date(time).toISOString());
  if (!parts) return 'Invalid Date';
  const [, month, day] = parts.day.split('-');
  return `${day}/${month} às ${parts.time}`;
}
