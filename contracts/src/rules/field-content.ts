import {
  FIELD_TEXT_MAX,
  NUMBER_DECIMALS_DEFAULT,
  toSaoPauloDay,
  type FieldType,
} from '../constants';
import { messages } from '../messages';
import { canonicalNumber, decimalsOf, parseNumber } from './numbers';

const m = messages.forms;

export type ContentCheck = { ok: true; value: string | null } | { ok: false; message: string };

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A calendar date that exists (no 30 February), from its parts. */
const realDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

/** ISO 8601 with a zone, reduced to one form (UTC, milliseconds); null when it is not one. */
export function normalizeDateTime(value: string): string | null {
  const parts = DATE_TIME.exec(value.trim());
  if (!parts) return null;
  const [, year, month, day, hour, minute, second = '0', zone] = parts;
  if (!realDay(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (zone && zone.toUpperCase() !== 'Z') {
    const offset = zone.replace(':', '');
    if (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(3)) > 59) return null;
  }
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A 'Número' as stored (`decimals` places at most), or why it is not one. */
function checkNumber(value: number | null, decimals: number): ContentCheck {
  if (value === null) return invalid('number');
  const stored = canonicalNumber(value);
  return decimalsOf(stored) > decimals
    ? { ok: false, message: m.numberDecimals(decimals) }
    : { ok: true, value: stored };
}

/**
 * What a field of `type` stores for what was sent (DESIGN §4): text as typed (bounded), Sim/Não
 * as 'true'/'false', a date as YYYY-MM-DD (an ISO date-time is reduced to its day in São Paulo),
 * a date-time as ISO 8601 in UTC, a number as a plain decimal with a dot (sent as a JSON number,
 * "1050.5" or "1.050,5"), with at most the field's `decimals`. Empty (or only blanks) clears the
 * field; a Lista holds rows, never content of its own. Server and web share it, so the page flags
 * what the server refuses.
 */
export function checkFieldContent(
  type: FieldType,
  raw: string | boolean | number | null | undefined,
  field: { decimals?: number | null } = {},
): ContentCheck {
  const decimals = field.decimals ?? NUMBER_DECIMALS_DEFAULT;
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'boolean') {
    return type === 'bool' ? { ok: true, value: String(raw) } : invalid(type);
  }
  if (typeof raw === 'number') {
    return type === 'number'
      ? checkNumber(parseNumber(canonicalNumber(raw)), decimals)
      : invalid(type);
  }
  if (raw.includes('\u0000')) return { ok: false, message: messages.common.invalidCharacter };
  if (raw.trim() === '') return { ok: true, value: null };
  switch (type) {
    case 'text':
      return raw.length > FIELD_TEXT_MAX
        ? { ok: false, message: m.textTooLong(FIELD_TEXT_MAX) }
        : { ok: true, value: raw };
    case 'bool': {
      const value = raw.trim().toLowerCase();
      return value === 'true' || value === 'false' ? { ok: true, value } : invalid(type);
    }
    case 'date': {
      const day = toSaoPauloDay(raw.trim());
      return day ? { ok: true, value: day } : invalid(type);
    }
    case 'datetime': {
      const value = normalizeDateTime(raw);
      return value ? { ok: true, value } : invalid(type);
    }
    case 'number':
      return checkNumber(parseNumber(raw), decimals);
    case 'form':
      return invalid(type);
  }
}

const INVALID: Record<FieldType, string> = {
  text: messages.common.invalidInput,
  bool: m.boolInvalid,
  date: m.dateInvalid,
  datetime: m.datetimeInvalid,
  number: m.numberInvalid,
  form: m.listHasNoContent,
};
const invalid = (type: FieldType): ContentCheck => ({ ok: false, message: INVALID[type] });
