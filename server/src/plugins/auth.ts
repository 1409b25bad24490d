import { messages, type Role } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { TokenService } from '../lib/tokens';

export type Caller = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, set by the guards below; null on public routes. */
    caller: Caller | null;
  }
}

export interface GuardOptions {
  roles?: readonly Role[];
  /** Pending (unverified) accounts may only reach the few routes that allow them. */
  allowPending?: boolean;
  /** The 403's message for a role outside `roles`, where the route has a better one. */
  refusal?: string;
}

/**
 * The caller's row, read on every authenticated request (a disabled account or a changed password
 * ends its tokens at once): prepared once, so the database parses and plans it once per connection.
 */
const callerQuery = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_caller');

async function identify(
  request: FastifyRequest,
  tokens: TokenService,
  callerById: ReturnType<typeof callerQuery>,
): Promise<Caller> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized();
  const claims = await tokens.verify(match[1]);
  if (!claims) throw unauthorized(messages.auth.sessionExpired);
  const [user] = await callerById.execute({ id: claims.userId });
  if (!user || user.tokenVersion !== claims.tokenVersion)
    throw unauthorized(messages.auth.sessionExpired);
  if (user.disabled) throw new AppError(403, messages.auth.accountDisabled);
  return user;
}

const guards = new WeakSet<object>();

/** Whether `hook` is one of the guards below: routes that have one are for signed-in callers. */
export const isGuard = (hook: unknown): boolean => typeof hook === 'function' && guards.has(hook);

export const authPlugin = fp<{ db: Db; tokens: TokenService }>(async (app, { db, tokens }) => {
  app.decorateRequest('caller', null);
  const callerById = callerQuery(db);

  /**
   * onRequest hook that requires a valid token, an enabled account and, when given, one of
   * `roles`. It runs before the body is read or anything is validated: a caller without a token
   * gets 401 and a role that may never call the route 403, never a 422 that teaches the schema.
   */
  const guard = (options: GuardOptions = {}): onRequestAsyncHookHandler => {
    async function authGuard(request: FastifyRequest, _reply: FastifyReply) {
      const caller = await identify(request, tokens, callerById);
      if (caller.pending && !options.allowPending)
        throw forbidden(messages.auth.accountNotVerified);
      if (options.roles && !options.roles.includes(caller.role)) throw forbidden(options.refusal);
      request.caller = caller;
    }
    guards.add(authGuard);
    return authGuard;
  };

  /** onRequest hook for public routes that behave differently for a signed-in caller. */
  const optional: onRequestAsyncHookHandler = async function optionalAuth(request) {
    if (!request.headers.authorization) return;
    request.caller = await identify(request, tokens, callerById);
  };

  app.decorate('guard', guard);
  app.decorate('optionalAuth', optional);
});

declare module 'fastify' {
  interface FastifyInstance {
    guard(options?: GuardOptions): onRequestAsyncHookHandler;
    optionalAuth: onRequestAsyncHookHandler;
  }
}

/** The caller of a guarded route; a route without a guard calling this is a programming error. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
