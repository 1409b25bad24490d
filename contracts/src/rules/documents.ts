import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

export const isCpf = (value: string): boolean => isValidCPF(onlyDigits(value));
export const isCnpj = (value: string): boolean => isValidCNPJ(onlyDigits(value));

/** Brazilian phone with area code: 10 digits (landline) or 11 (mobile). */
export const isPhone = (value: string): boolean => /^\d{10,11}$/.test(onlyDigits(value));

/** CREA registrations have 7 or 14 digits and are stored padded to 14 (spec §9). */
export const isCrea = (value: string): boolean => /^(\d{7}|\d{14})$/.test(onlyDigits(value));
export const normalizeCrea = (value: string): string => onlyDigits(value).padStart(14, '0');
