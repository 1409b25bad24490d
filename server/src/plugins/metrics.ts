import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages, UPLOADS_PATH } from '@agroselo/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { PoolStats } from '../db/client';
import { jobRuns, mailOutbox } from '../db/schema';
import type { JobOutcome } from '../lib/jobs';
import { createUploadStore } from '../modules/uploads/store';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  /** One attempt of a daily job on this process (lib/jobs.ts `onOutcome`). */
  recordJob: (outcome: JobOutcome, seconds: number) => void;
  /** The answer to a request for /metrics with this Authorization header, on any port. */
  answer: (authorization: string | undefined) => Promise<MetricsAnswer>;
}

/** Where /metrics is served: on the main port with the token, on a port of its own, or nowhere. */
export const metricsPlace = (config: Config): 'main' | 'own-port' | 'off' =>
  config.METRICS_PORT !== undefined ? 'own-port' : config.METRICS_TOKEN ? 'main' : 'off';

/** Request routes outside every registered route (the web app's pages, 404s) share this label. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NOT_STORED = { 'cache-control': 'no-store' };
const BEARER = /^Bearer (\S+)$/i;

const json = (
  status: number,
  detail: string,
  headers: Record<string, string> = {},
): MetricsAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...NOT_STORED, ...headers },
  body: JSON.stringify({ detail }),
});

/**
 * Prometheus metrics (DESIGN §4c "Host"): requests by route template and status class, the
 * database pool, the e-mail outbox, the daily jobs, resumable uploads and the process's own.
 * Off unless METRICS_TOKEN or METRICS_PORT is set; nothing is measured then.
 */
export function registerMetrics(app: FastifyInstance, options: { poolStats?: () => PoolStats }) {
  const { config, db } = app.deps;
  const place = metricsPlace(config);
  const metrics: Metrics = {
    recordJob: () => undefined,
    answer: async () => json(404, messages.common.pageNotFound),
  };
  app.decorate('metrics', metrics);

  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const answer =
      place === 'main'
        ? await metrics.answer(request.headers.authorization)
        : json(404, messages.common.pageNotFound);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  if (place === 'off') return;

  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tempo de resposta por rota (o modelo da rota, nunca o endereço pedido) e classe de status; _count conta as requisições.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
  // A callback hook: an async one costs a promise per request, on every route.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100)] ?? '5xx',
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const transfers = new Gauge({
    name: 'agroselo_upload_transfers_in_flight',
    help: 'Partes de envios retomáveis (tus, POST e PATCH) sendo recebidas agora por este processo.',
    registers: [register],
  });
  // Only the tus routes that carry bytes get this hook: no other route pays for it.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith(UPLOADS_PATH) || !methods.some((m) => m === 'PATCH' || m === 'POST'))
      return;
    route.onRequest = [
      ...[route.onRequest ?? []].flat(),
      (_request, reply, done) => {
        transfers.inc();
        // 'close' comes once per request, answered or cut short.
        reply.raw.once('close', () => transfers.dec());
        done();
      },
    ];
  });
  const uploadStore = createUploadStore(config);
  new Gauge({
    name: 'agroselo_uploads_unfinished',
    help: 'Envios retomáveis começados e não concluídos, à espera em DATA_DIR/partial-uploads desta máquina.',
    registers: [register],
    async collect() {
      const ids = await uploadStore.configstore.list?.().catch(() => undefined);
      this.set(ids?.length ?? Number.NaN);
    },
  });

  const { poolStats } = options;
  if (poolStats) {
    new Gauge({
      name: 'agroselo_db_pool_connections',
      help: 'Conexões do pool do PostgreSQL, em uso ou ociosas.',
      labelNames: ['state'],
      registers: [register],
      collect() {
        const stats = poolStats();
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'agroselo_db_pool_waiting',
      help: 'Pedidos à espera de uma conexão do pool do PostgreSQL.',
      registers: [register],
      collect() {
        this.set(poolStats().waiting);
      },
    });
    new Gauge({
      name: 'agroselo_db_pool_max',
      help: 'Conexões que o pool do PostgreSQL abre no máximo.',
      registers: [register],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  const outbox = {
    queued: new Gauge({
      name: 'agroselo_mail_outbox_queued',
      help: 'E-mails na fila à espera de envio (inclui os que aguardam nova tentativa).',
      registers: [register],
    }),
    failed: new Gauge({
      name: 'agroselo_mail_outbox_failed',
      help: 'E-mails que esgotaram as tentativas de envio.',
      registers: [register],
    }),
    oldest: new Gauge({
      name: 'agroselo_mail_outbox_oldest_age_seconds',
      help: 'Idade do e-mail mais antigo na fila; 0 com a fila vazia.',
      registers: [register],
    }),
  };
  const jobSuccess = new Gauge({
    name: 'agroselo_job_last_success_timestamp_seconds',
    help: 'Início da última execução concluída de cada tarefa diária, em qualquer servidor (job_runs).',
    labelNames: ['job'],
    registers: [register],
  });
  const jobDuration = new Gauge({
    name: 'agroselo_job_last_success_duration_seconds',
    help: 'Duração da última execução concluída de cada tarefa diária (job_runs).',
    labelNames: ['job'],
    registers: [register],
  });
  const jobRunsTotal = new Counter({
    name: 'agroselo_job_runs_total',
    help: 'Tentativas de tarefas diárias neste processo, por resultado (ran, failed, busy, already-done).',
    labelNames: ['job', 'result'],
    registers: [register],
  });
  const jobLastDuration = new Gauge({
    name: 'agroselo_job_last_run_duration_seconds',
    help: 'Duração da última tentativa de cada tarefa diária neste processo que fez o trabalho ou falhou.',
    labelNames: ['job'],
    registers: [register],
  });
  metrics.recordJob = (outcome, seconds) => {
    jobRunsTotal.inc({ job: outcome.job, result: outcome.status });
    if (outcome.status === 'ran' || outcome.status === 'failed')
      jobLastDuration.set({ job: outcome.job }, seconds);
  };

  const ready = new Gauge({
    name: 'agroselo_ready',
    help: '1 quando /readyz responderia 200 (banco, arquivos e migrações em ordem, sem encerramento em curso).',
    registers: [register],
  });
  const readyCheck = new Gauge({
    name: 'agroselo_ready_check',
    help: '1 para cada verificação de /readyz que passa, 0 para a que falha.',
    labelNames: ['check'],
    registers: [register],
  });

  /** The tables' figures, read in one statement at each scrape. */
  async function readTables(): Promise<void> {
    const result = (await db.execute(sql`
      select
        (select count(*) from ${mailOutbox} where ${mailOutbox.status} = 'pending')::int as queued,
        (select count(*) from ${mailOutbox} where ${mailOutbox.status} = 'failed')::int as failed,
        coalesce((select extract(epoch from now() - min(${mailOutbox.createdAt}))
                  from ${mailOutbox} where ${mailOutbox.status} = 'pending'), 0)::float8 as oldest,
        (select coalesce(json_agg(json_build_object(
                  'job', last.name,
                  'at', extract(epoch from last.started_at),
                  'seconds', extract(epoch from last.finished_at - last.started_at))), '[]'::json)
           from (select distinct on (${jobRuns.name}) ${jobRuns.name} as name,
                        ${jobRuns.startedAt} as started_at, ${jobRuns.finishedAt} as finished_at
                   from ${jobRuns} order by ${jobRuns.name}, ${jobRuns.period} desc) last) as jobs
    `)) as unknown as {
      rows: {
        queued: number;
        failed: number;
        oldest: number;
        jobs: { job: string; at: number; seconds: number }[];
      }[];
    };
    const row = result.rows[0]!;
    outbox.queued.set(row.queued);
    outbox.failed.set(row.failed);
    outbox.oldest.set(row.oldest);
    jobSuccess.reset();
    jobDuration.reset();
    for (const job of row.jobs) {
      jobSuccess.set({ job: job.job }, job.at);
      jobDuration.set({ job: job.job }, Math.max(0, job.seconds));
    }
  }

  const expectedDigest = createHash('sha256')
    .update(config.METRICS_TOKEN ?? '')
    .digest();
  const tokenMatches = (token: string) =>
    timingSafeEqual(createHash('sha256').update(token).digest(), expectedDigest);

  metrics.answer = async (authorization) => {
    if (config.METRICS_TOKEN) {
      const token = BEARER.exec(authorization ?? '')?.[1];
      if (!token)
        return json(401, messages.auth.notAuthenticated, { 'www-authenticate': 'Bearer' });
      if (!tokenMatches(token)) return json(403, messages.auth.forbidden);
    }
    const [readiness] = await Promise.all([
      app.readiness.check(),
      readTables().catch((error: unknown) => {
        // Unknown rather than stale: NaN draws a gap and fires no alert; the readiness ones fire.
        for (const gauge of Object.values(outbox)) gauge.set(Number.NaN);
        jobSuccess.reset();
        jobDuration.reset();
        app.log.warn({ err: error }, 'métricas: leitura das tabelas falhou');
      }),
    ]);
    ready.set(readiness.ready ? 1 : 0);
    for (const [check, value] of Object.entries(readiness.checks))
      readyCheck.set({ check }, value === 'ok' ? 1 : 0);
    return {
      status: 200,
      headers: { 'content-type': register.contentType, ...NOT_STORED },
      body: await register.metrics(),
    };
  };
}

/**
 * With METRICS_PORT, /metrics is served there alone, on METRICS_HOST (127.0.0.1 unless told):
 * an address the balancer does not expose. Resolves once listening; undefined when not asked for.
 */
export async function listenMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'METRICS_PORT' | 'METRICS_HOST'>,
): Promise<{ port: number; close(): Promise<void> } | undefined> {
  if (config.METRICS_PORT === undefined) return undefined;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answering =
      path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')
        ? app.metrics.answer(request.headers.authorization)
        : Promise.resolve(json(404, messages.common.pageNotFound));
    answering
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'métricas: falha ao responder');
        return json(500, messages.common.internal);
      })
      .then((answer) => {
        response.writeHead(answer.status, {
          ...answer.headers,
          'x-content-type-options': 'nosniff',
        });
        response.end(request.method === 'HEAD' ? undefined : answer.body);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
