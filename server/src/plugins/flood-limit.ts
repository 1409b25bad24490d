import { isIPv6 } from 'node:net';
import { messages } from '@agroselo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { BoundedMap, stringBytes } from '../lib/bounded-map';
import { AppError } from '../lib/errors';
import { clientAddress } from './client-address';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once a flood limit has counted this request: never counted twice. */
    floodCounted: boolean;
  }
  interface FastifyContextConfig {
    /** A limit of this route's own, instead of RATE_LIMIT_PER_MINUTE. */
    floodLimit?: { max: number };
  }
  interface FastifyInstance {
    /** preHandler counting a request the routes' own hooks never see (the 404 handler). */
    floodLimit: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: (error?: Error) => void,
    ) => void;
  }
}

const WINDOW_MS = 60_000;
/** Addresses one limit remembers at once; past that the least recently seen is forgotten. */
const MAX_ADDRESSES = 5_000;
/** A window's count and start, beside its key, as held in memory. */
const WINDOW_BYTES = 48;

interface Window {
  count: number;
  startedAt: number;
}

/** An IPv6 address's eight groups as numbers ('::' filled in, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = groupsOf(head);
  if (tail === undefined) return first;
  const last = groupsOf(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * Whom a request counts against: an IPv4 address as it is; an IPv6 one by its /64, since one
 * home or phone network hands each device (and each new connection) addresses of its own /64;
 * an IPv4 address written as IPv6 (::ffff:a.b.c.d) as that IPv4 address.
 */
export function floodKey(address: string): string {
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * Requests per client address in fixed one-minute windows, bounded by entries and bytes (an
 * address is at most 39 characters: bytes follow from the entries).
 */
export class FloodCounter {
  readonly #windows = new BoundedMap<string, Window>({
    maxEntries: MAX_ADDRESSES,
    maxBytes:
      MAX_ADDRESSES * (stringBytes('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff') + WINDOW_BYTES),
    sizeOf: (key) => stringBytes(key) + WINDOW_BYTES,
  });

  constructor(readonly max: number) {}

  /** Counts one request from `key` at `now`: its window, with the requests so far. */
  hit(key: string, now: number): Window {
    let window = this.#windows.get(key);
    if (!window || window.startedAt + WINDOW_MS <= now) {
      window = { count: 0, startedAt: now };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window;
  }
}

/** The web app's own files: one visit loads dozens of them, so they are never counted. */
const servesWebApp = (methods: readonly string[], url: string) =>
  methods.every((method) => method === 'GET' || method === 'HEAD') &&
  !url.startsWith('/api') &&
  !url.startsWith('/docs');
const isWebAppFile = (request: FastifyRequest) => servesWebApp([request.method], request.url);
const isWebAppRoute = (route: RouteOptions) => servesWebApp([route.method].flat(), route.url);

/**
 * Counts a request against `counter` with no asynchronous step, and answers 429 past its limit
 * with the headers @fastify/rate-limit gave (X-RateLimit-Limit, -Remaining, -Reset, and
 * Retry-After on the 429), which it replaces: its asynchronous key, allow list and store cost
 * about as much as a bare route's whole request (docs/decisions/010).
 */
function counting(counter: FloodCounter) {
  return function floodLimit(
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ) {
    if (request.floodCounted || isWebAppFile(request)) return done();
    request.floodCounted = true;
    const now = Date.now();
    const { count, startedAt } = counter.hit(floodKey(clientAddress(request)), now);
    const resetSeconds = String(Math.ceil((startedAt + WINDOW_MS - now) / 1000));
    reply.header('x-ratelimit-limit', String(counter.max));
    reply.header('x-ratelimit-remaining', String(Math.max(0, counter.max - count)));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (count <= counter.max) return done();
    reply.header('retry-after', resetSeconds);
    done(new AppError(429, messages.auth.tooManyRequests));
  };
}

/**
 * Only a guard against floods: a cooperative behind one address must never be locked out. Every
 * route counts against `max` per minute and client address (as TRUST_PROXY resolves it), or
 * against its own `config.floodLimit`, each route with such a limit on its own count.
 */
export function registerFloodLimit(app: FastifyInstance, max: number): void {
  const global = counting(new FloodCounter(max));
  app.decorateRequest('floodCounted', false);
  app.decorate('floodLimit', global);
  app.addHook('onRoute', (route) => {
    const own = route.config?.floodLimit;
    if (!own && isWebAppRoute(route)) return;
    const hook = own ? counting(new FloodCounter(own.max)) : global;
    // First: a flood is refused before a route's guard reads the caller from the database.
    route.onRequest = [hook, ...[route.onRequest ?? []].flat()];
  });
}
