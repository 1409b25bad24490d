import { messages } from '@agroselo/contracts';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import type { PoolStats } from './db/client';
import { turnBatchedStdout } from './lib/log-stream';
import { authRoutes } from './modules/auth/routes';
import { certificatesRoutes } from './modules/certificates/routes';
import { exportsRoutes } from './modules/exports/routes';
import { fieldsRoutes } from './modules/fields/routes';
import { formsRoutes } from './modules/forms/routes';
import { instancesRoutes } from './modules/instances/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { registryRoutes } from './modules/registry/routes';
import { propertiesRoutes } from './modules/properties/routes';
import { reportsRoutes } from './modules/reports/routes';
import { workloadRoutes } from './modules/workload/routes';
import { reviewRoutes } from './modules/review/routes';
import { safrasRoutes } from './modules/safras/routes';
import { sealsRoutes } from './modules/seals/routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { usersRoutes } from './modules/users/routes';
import { webDist, webServerRender } from './paths';
import { authPlugin } from './plugins/auth';
import { requestLogFields } from './plugins/client-address';
import { registerDocs } from './plugins/docs';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';
import { registerHttp } from './plugins/http';
import { registerIdempotency } from './plugins/idempotency';
import { waitForHandlersOnClose } from './plugins/in-flight';
import { registerMetrics } from './plugins/metrics';
import { compiledResponseSerializer } from './plugins/serializer';
import { rendererAt } from './plugins/signed-in-pages';
import { registerWebApp } from './plugins/web-app';

export type { AppDeps } from './deps';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

/**
 * Fastify logs two lines per request, one when it comes in and one when it is answered; this
 * writes only the second, with what the first said (method, path, client): a busy server's
 * logging at half the cost, nothing lost.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: FastifyServerOptions['logger'];
    webRoot?: string;
    /** The PostgreSQL pool's figures for /metrics (db/client.ts); none for the embedded database. */
    poolStats?: () => PoolStats;
  } = {},
): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? {
      level: deps.config.LOG_LEVEL,
      stream: turnBatchedStdout(),
      serializers: { req: requestLogFields },
    },
    trustProxy: deps.config.TRUST_PROXY.length > 0 ? deps.config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledResponseSerializer);
  app.decorate('deps', deps);

  registerErrorHandling(app);
  waitForHandlersOnClose(app);
  registerIdempotency(app);
  await registerHttp(app);
  registerHealth(app);
  registerMetrics(app, { poolStats: options.poolStats });
  await registerDocs(app);
  await app.register(authPlugin, { db: deps.db, tokens: deps.tokens });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(propertiesRoutes);
      await api.register(sealsRoutes);
      await api.register(fieldsRoutes);
      await api.register(notificationsRoutes);
      await api.register(instancesRoutes);
      await api.register(certificatesRoutes);
      await api.register(formsRoutes);
      await api.register(uploadsRoutes);
      await api.register(reviewRoutes);
      await api.register(exportsRoutes);
      await api.register(privacyRoutes);
      await api.register(reportsRoutes);
      await api.register(workloadRoutes);
      await api.register(registryRoutes);
      await api.register(safrasRoutes);
    },
    { prefix: '/api' },
  );

  const webRoot = options.webRoot ?? webDist;
  const sendWebApp = await registerWebApp(app, webRoot, {
    renderer: rendererAt(webServerRender(webRoot)),
  });
  app.setNotFoundHandler({ preHandler: app.floodLimit }, (request, reply) => {
    const isApi = request.url.startsWith('/api');
    // A path naming a file (`/backup.zip`) that is not there is a 404, not the app's page: the
    // page under such a name misleads scanners and caches alike.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (
      sendWebApp &&
      request.method === 'GET' &&
      !isApi &&
      !looksLikeFile &&
      !request.url.startsWith('/docs')
    ) {
      return sendWebApp(request, reply);
    }
    return reply
      .code(404)
      .send({ detail: isApi ? messages.common.notFound : messages.common.pageNotFound });
  });

  return app;
}
