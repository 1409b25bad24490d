import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address once resolved (see clientAddress). */
    resolvedAddress: string | null;
  }
}

export function registerClientAddress(app: FastifyInstance): void {
  app.decorateRequest('resolvedAddress', null);
}

/**
 * The client's address as TRUST_PROXY resolves it. `request.ip` walks X-Forwarded-For through
 * proxy-addr on every read; the flood limit and the request's log line both need it, so it is
 * resolved once per request.
 */
export function clientAddress(request: FastifyRequest): string {
  return (request.resolvedAddress ??= request.ip);
}

/**
 * Query parameters whose values are personal data or secrets: an e-mail in a page's link, a
 * search for a name or a CPF, a password a form without JavaScript would have sent.
 */
const UNLOGGED_PARAMETERS = /([?&](?:email|password|query|token|code)=)[^&#]*/gi;

/** A URL as the log keeps it: the values of UNLOGGED_PARAMETERS left out (LGPD: only what is needed). */
export const loggedUrl = (url: string) =>
  url.includes('?') ? url.replace(UNLOGGED_PARAMETERS, '$1…') : url;

/**
 * What a log line says of a request: the fields of Fastify's own serializer (method, URL without
 * personal data, Accept-Version, host, client address and port), the address read once.
 */
export function requestLogFields(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: clientAddress(request),
    remotePort: request.socket?.remotePort,
  };
}
