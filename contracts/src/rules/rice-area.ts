import { messages } from '../messages';

const m = messages.safras;

/** The rice area enrolled on a request, in hectares: > 0, two decimals at most. */
export const RICE_AREA_MAX_HA = 1_000_000;

export type RiceAreaCheck = { ok: true; value: number } | { ok: false; message: string };

const AREA = /^\d+(?:\.(\d+))?$/;

/**
 * The rice area as a pt-BR form or a JSON client sends it: '12,5', '12.5' or 12.5; > 0, two
 * decimals at most, up to RICE_AREA_MAX_HA. Thousands separators are refused rather than guessed.
 */
export function parseRiceArea(raw: string | number): RiceAreaCheck {
  const text = (typeof raw === 'number' ? String(raw) : raw).trim().replace(',', '.');
  if (text === '') return { ok: false, message: m.riceAreaRequired };
  const match = AREA.exec(text);
  if (!match) {
    return /^-/.test(text) && AREA.test(text.slice(1))
      ? { ok: false, message: m.riceAreaPositive }
      : { ok: false, message: m.riceAreaRequired };
  }
  if ((match[1]?.length ?? 0) > 2) return { ok: false, message: m.riceAreaDecimals };
  const value = Number(text);
  if (!(value > 0)) return { ok: false, message: m.riceAreaPositive };
  if (value > RICE_AREA_MAX_HA) return { ok: false, message: m.riceAreaTooLarge };
  return { ok: true, value };
}
