import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, homePathFor, safeNext } from './home-path';

describe('homePathFor', () => {
  it.each([
    ['owner', '/profile'],
    ['technician', '/process-instances'],
    ['admin', '/process-instances'],
    ['user', '/'],
    ['staff', '/'],
  ] as const)('%s → %s', (role, path) => {
    expect(homePathFor({ role, pending: false })).toBe(path);
  });

  it('sends a pending account to the verification code, whatever its role', () => {
    expect(homePathFor({ role: 'owner', pending: true })).toBe('/verification-code');
  });
});

describe('destinationAfterLogin', () => {
  it('honours an internal next path, but not for pending accounts', () => {
    expect(destinationAfterLogin({ role: 'owner', pending: false }, '/stamps')).toBe('/stamps');
    expect(destinationAfterLogin({ role: 'owner', pending: true }, '/stamps')).toBe(
      '/verification-code',
    );
  });

  it('ignores next paths that leave the app or loop to the login', () => {
    for (const next of ['https://evil.test', '//evil.test', '/\\evil.test', '/login', 'x']) {
      expect(safeNext(next)).toBeNull();
    }
    expect(destinationAfterLogin({ role: 'admin', pending: false }, '//evil.test')).toBe(
      '/process-instances',
    );
  });
});
