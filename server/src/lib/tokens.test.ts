import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'test-secret-test-secret-test-secret-1234';

afterEach(() => {
  vi.useRealTimers();
});

describe('token service', () => {
  it('gives back the claims of its own tokens, again and again', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ userId: 'a1b2', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 'a1b2', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 'a1b2', tokenVersion: 3 });
  });

  it('refuses a token signed with another secret or altered', async () => {
    const tokens = createTokenService(SECRET);
    const foreign = await createTokenService(`${SECRET}-outro`).sign({
      userId: 'a1b2',
      tokenVersion: 0,
    });
    expect(await tokens.verify(foreign)).toBeNull();
    const token = await tokens.sign({ userId: 'a1b2', tokenVersion: 0 });
    await tokens.verify(token);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', ver: 0 })).toString('base64url');
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    expect(await tokens.verify('não-é-um-token')).toBeNull();
  });

  it('stops accepting a token once it expires, even one it checked before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign({ userId: 'a1b2', tokenVersion: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60_000);
    expect(await tokens.verify(token)).toBeNull();
  });
});
