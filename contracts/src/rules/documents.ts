import { cnpj, cpf } from 'cpf-cnpj-validator';

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

export const isCpf = (value: string): boolean => cpf.isValid(onlyDigits(value));

/**
 * A CNPJ as stored: upper case, without the mask's dots, slash, dash and spaces. Since July 2026
 * the Receita Federal also issues alphanumeric CNPJs (letters in the first 12 positions).
 */
export const normalizeCnpj = (value: string): string => value.toUpperCase().replace(/[\s./-]/g, '');

/** Check digits of numeric and alphanumeric CNPJs (IN RFB 2.229/2024), masked or not. */
export const isCnpj = (value: string): boolean => cnpj.isValid(normalizeCnpj(value), true);

/** 00.000.000/0000-00 (letters where the CNPJ has them); anything else is shown as given. */
export const formatCnpj = (value: string): string => {
  const normalized = normalizeCnpj(value);
  return /^[0-9A-Z]{12}\d{2}$/.test(normalized) ? cnpj.format(normalized) : value;
};

/** Brazilian phone with area code: 10 digits (landline) or 11 (mobile). */
export const isPhone = (value: string): boolean => /^\d{10,11}$/.test(onlyDigits(value));

/** CREA registrations have 7 or 14 digits and are stored padded to 14 (spec §9). */
export const isCrea = (value: string): boolean => /^(\d{7}|\d{14})$/.test(onlyDigits(value));
export const normalizeCrea = (value: string): string => onlyDigits(value).padStart(14, '0');

/** The first two digits of the IBGE code of every municipality of a state. */
const IBGE_STATE_CODES: Record<string, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

/** Spec §5: a CAR number has at least 30 letters or digits, whatever separates them. */
export const CAR_MIN_CHARACTERS = 30;
export const carCharacterCount = (value: string): number =>
  value.replace(/[^0-9A-Za-z]/g, '').length;

/**
 * The official shape of a CAR registration (SICAR): state, IBGE code of the municipality and a
 * 32-character hexadecimal code, `RS-4303509-A1C2.E9F4.B8D4.1A6B.3C0F.5E7D.9A2B.4C6D`.
 */
export function officialCar(value: string): string | null {
  const compact = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const match = /^([A-Z]{2})(\d{7})([0-9A-F]{32})$/.exec(compact);
  if (!match) return null;
  const [, state, municipality, code] = match as unknown as [string, string, string, string];
  if (IBGE_STATE_CODES[state] !== municipality.slice(0, 2)) return null;
  return `${state}-${municipality}-${code.match(/.{4}/g)!.join('.')}`;
}

/**
 * A CAR number as stored: upper case and as typed (never padded, no letter removed), or in the
 * official shape when it is one.
 */
export const normalizeCar = (value: string): string => {
  const typed = value.trim().replace(/\s+/g, ' ').toUpperCase();
  return officialCar(typed) ?? typed;
};
