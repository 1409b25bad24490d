import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_RETENTION_DAYS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DESCRIPTION = `Certificação de selos de qualidade do arroz.

**Escritas repetidas (${IDEMPOTENCY_KEY_HEADER}).** Toda escrita de quem está autenticado aceita o
cabeçalho \`${IDEMPOTENCY_KEY_HEADER}\` (1 a ${IDEMPOTENCY_KEY_MAX} caracteres ASCII visíveis; um
UUID gerado no aparelho). A resposta fica guardada por usuário e chave por ${IDEMPOTENCY_RETENTION_DAYS}
dias: a mesma chave com a mesma requisição recebe a mesma resposta (\`${IDEMPOTENT_REPLAYED_HEADER}:
true\`) sem escrever de novo; com outra requisição, 422 (\`loc: ["header", "idempotency-key"]\`);
enquanto a primeira ainda corre, 409. Respostas 5xx não são guardadas.

**Conflitos.** Uma escrita cujo alvo mudou de estado (pendência que não está mais aberta,
formulário finalizado, processo concluído) responde 409 com \`{detail, kind, current}\`:
\`kind\` é \`pendency\`, \`form_instance\` ou \`process_instance\`, e \`current\` é o alvo como
o seu GET o devolve.`;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Zod's transform, and the Idempotency-Key header on every write of a signed-in caller. */
const transform: SwaggerTransform = (input) => {
  const documented = jsonSchemaTransform(input);
  const schema = documented.schema as Record<string, unknown>;
  const write = [input.route.method].flat().some((method) => WRITES.has(method));
  if (!write || !schema.security) return documented;
  const headers = (schema.headers ?? { type: 'object', properties: {} }) as {
    properties: Record<string, unknown>;
  };
  const key = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  const described = {
    ...headers,
    properties: {
      ...headers.properties,
      [key]: {
        type: 'string',
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX,
        description: `Chave da escrita (UUID do aparelho): a resposta fica guardada por ${IDEMPOTENCY_RETENTION_DAYS} dias`,
      },
    },
  };
  return { ...documented, schema: { ...schema, headers: described } };
};

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'AgroSelo API', description: DESCRIPTION, version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
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
