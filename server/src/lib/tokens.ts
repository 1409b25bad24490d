import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { BoundedMap, stringBytes } from './bounded-map';

export const TOKEN_LIFETIME = '7d';
const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Tokens whose signature was checked already: a signature check is most of what a request costs. */
const VERIFIED_CACHE_SIZE = 10_000;
/** A token is about 200 characters: 10,000 of them with their claims take about 5 MiB. */
const VERIFIED_CACHE_BYTES = 8 * 1024 * 1024;

export function createTokenService(secret: string): TokenService {
  const raw = new TextEncoder().encode(secret);
  // Imported once: jose would import a raw secret again on every call.
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  /**
   * A verified token's claims, until it expires. What a token says never changes, so this holds
   * with any number of processes; whether its user may still use it (token version, disabled) is
   * read from the database on every request.
   */
  const verified = new BoundedMap<string, TokenClaims & { expiresAt: number }>({
    maxEntries: VERIFIED_CACHE_SIZE,
    maxBytes: VERIFIED_CACHE_BYTES,
    sizeOf: (token, claims) => stringBytes(token) + stringBytes(claims.userId) + 64,
  });
  return {
    sign: async ({ userId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now())
          return { userId: known.userId, tokenVersion: known.tokenVersion };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: [ALGORITHM] });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        const claims = { userId: payload.sub, tokenVersion: payload.ver };
        if (typeof payload.exp === 'number') {
          verified.set(token, { ...claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when given; otherwise one generated on first start and kept in the database. */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  if (!row) throw new Error('jwt_secret setting missing after insert');
  return row.value;
}
