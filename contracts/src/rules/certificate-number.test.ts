import { describe, expect, it } from 'vitest';
import { formatCertificateNumber, normalizeCertificateNumber } from './certificate-number';

describe('normalizeCertificateNumber', () => {
  it('reads a number however it was typed or read aloud', () => {
    for (const typed of [
      'AGS-7K3M-9QXT',
      'ags-7k3m-9qxt',
      ' AGS 7K3M 9QXT ',
      'AGS7K3M9QXT',
      '7k3m-9qxt',
      '7K3M9QXT',
    ])
      expect(normalizeCertificateNumber(typed)).toBe('AGS-7K3M-9QXT');
  });

  it("takes O for zero and I or L for one, as Crockford's base 32 does", () => {
    expect(normalizeCertificateNumber('AGS-O1IL-LOIO')).toBe('AGS-0111-1010');
  });

  it('refuses what cannot be a number', () => {
    for (const typed of [
      '',
      'AGS',
      'AGS-7K3M-9QX',
      'AGS-7K3M-9QXTT',
      'XYZ-7K3M-9QXT',
      'AGS-7K3M-9QXU',
      '7K3M-9QX*',
    ])
      expect(normalizeCertificateNumber(typed)).toBeNull();
  });

  it('formats eight characters in two groups after the prefix', () => {
    expect(formatCertificateNumber('ABCD1234')).toBe('AGS-ABCD-1234');
  });
});
