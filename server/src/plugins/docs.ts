import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AgroSelo API',
        description: 'Certificação de selos de qualidade do arroz',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The UI's own CSP carries the hashes of its inline code, so helmet's does not blank it; it is
  // tightened to the product's rules: no framing, no <base>, nothing from other origins, and no
  // upgrade-insecure-requests (it would break the docs on plain-HTTP localhost).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: tightenDocsCsp,
    uiConfig: { validatorUrl: null },
  });
}

export function tightenDocsCsp(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && directive !== 'upgrade-insecure-requests')
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name === 'base-uri' || name === 'frame-ancestors') return `${name} 'none'`;
      // Swagger UI injects a <style> of its own at run time; styles cannot run code.
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      const kept = sources.filter(
        (source) => source !== 'https:' && !source.includes('swagger.io'),
      );
      return [name, ...kept].join(' ');
    })
    .concat("object-src 'none'", "form-action 'self'")
    .filter(
      (directive, index, all) =>
        all.findIndex((d) => d.split(' ')[0] === directive.split(' ')[0]) === index,
    )
    .join('; ');
}
