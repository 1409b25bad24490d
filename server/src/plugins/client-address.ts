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
 * What a log line says of a request: the fields of Fastify's own serializer (method, URL,
 * Accept-Version, host, client address and port), the address read once.
 */
export function requestLogFields(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url,
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: clientAddress(request),
    remotePort: request.socket?.remotePort,
  };
}
