import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { normalizeEmail } from '@agroselo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from './app';
import { loadConfig, type Config } from './config';
import { DatabaseUnsuitable, openDatabase, type Database } from './db/client';
import { ensureAdmin } from './db/seed/admin';
import { existingDemoLogins, isDatabaseEmpty, seedDemo, type DemoLogin } from './db/seed/demo';
import { dailyJobs } from './jobs';
import { createJobRunner, type JobRunner } from './lib/jobs';
import { createMailer, type Mailer } from './lib/mailer';
import { reportMemory, reportMemoryOnSignal, reportWasmMemory } from './lib/memory-report';
import { createStorage, StorageUnavailable } from './lib/storage';
import { createTokenService, resolveJwtSecret } from './lib/tokens';
import { listenMetrics, metricsPlace } from './plugins/metrics';
import { webDist } from './paths';

/** How long closing may take once the drain is over, before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The mailer is made before the app that owns the logger; until the app exists (well before the
 * mailer's first tick) its log calls go nowhere, afterwards they reach the app's logger.
 */
function forwardingLogger(current: () => FastifyBaseLogger | undefined): FastifyBaseLogger {
  const noop = () => undefined;
  return new Proxy({} as FastifyBaseLogger, {
    get(_target, property) {
      const logger = current();
      if (!logger) return property === 'child' ? () => forwardingLogger(current) : noop;
      const value: unknown = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? value.bind(logger) : value;
    },
  });
}

function startBanner(options: {
  url: string;
  config: Config;
  driver: Database['driver'];
  notes: string[];
  demoLogins: DemoLogin[];
  seededNow: boolean;
}): string {
  const { url, config, driver, notes, demoLogins, seededNow } = options;
  const adminEmail = config.ADMIN_EMAIL ? normalizeEmail(config.ADMIN_EMAIL) : undefined;
  const lines = [
    `AgroSelo no ar em ${url}`,
    `  API: ${url}/api   ·   Documentação: ${url}/docs`,
    driver === 'pg'
      ? '  Banco de dados: PostgreSQL (DATABASE_URL)'
      : `  Banco de dados: embutido (PGlite) em ${path.resolve(config.DATA_DIR)}`,
  ];
  if (!existsSync(path.join(webDist, 'index.html')))
    lines.push('  Interface web não encontrada: rode "npm run build" para servi-la aqui.');
  lines.push(...notes.map((note) => `  ${note}`));
  if (demoLogins.length > 0) {
    lines.push(
      '',
      seededNow
        ? '  Dados de demonstração criados. Entre com (e-mail / senha):'
        : '  Dados de demonstração presentes. Entre com (e-mail / senha):',
    );
    const width = Math.max(...demoLogins.map((login) => login.email.length));
    const labelWidth = Math.max(...demoLogins.map((login) => login.label.length));
    for (const login of demoLogins) {
      const password = login.email === adminEmail ? '(a senha de ADMIN_PASSWORD)' : login.password;
      lines.push(
        `    ${login.label.padEnd(labelWidth)} ${login.email.padEnd(width)} / ${password}`,
      );
    }
  }
  const rule = '─'.repeat(Math.min(78, Math.max(...lines.map((line) => line.length)) + 2));
  return ['', rule, ...lines.map((line) => (line ? ` ${line}` : '')), rule, ''].join('\n');
}

async function start(): Promise<void> {
  reportMemory('modules loaded');
  reportMemoryOnSignal();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  let database: Database | undefined;
  let mailer: Mailer | undefined;
  let jobs: JobRunner | undefined;
  let app: App | undefined;
  let metricsServer: Awaited<ReturnType<typeof listenMetrics>>;
  try {
    database = await openDatabase(config, {
      onConnectionError: (error) =>
        app?.log.warn({ err: error }, 'conexão com o banco de dados perdida'),
    });
    const db = database.db;
    if (database.wasmMemoryBytes) reportWasmMemory(database.wasmMemoryBytes);
    reportMemory('database opened');
    await database.exclusive(() => database!.migrate());
    reportMemory('migrated');
    const secret = await resolveJwtSecret(db, config.JWT_SECRET);
    const storage = await createStorage(config);
    await storage.ready();
    mailer = createMailer({
      db,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      log: forwardingLogger(() => app?.log),
    });
    const tokens = createTokenService(secret);

    const notes: string[] = config.STORAGE_URL ? [`Arquivos: ${storage.description}`] : [];
    // Servers started together on one database take turns here (DESIGN §9).
    const seededNow = await database.exclusive(async () => {
      if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
        const { user, action } = await ensureAdmin(db, {
          email: config.ADMIN_EMAIL,
          password: config.ADMIN_PASSWORD,
        });
        if (action !== 'unchanged')
          notes.push(
            `Administrador ${user.email} ${action === 'created' ? 'criado' : 'atualizado'} (ADMIN_EMAIL).`,
          );
      }
      if (!config.SEED_DEMO || !(await isDatabaseEmpty(db, config.ADMIN_EMAIL))) return false;
      await seedDemo(db, storage);
      return true;
    });
    reportMemory('seeded');

    app = await buildApp(
      { config, db, mailer, storage, tokens },
      { poolStats: database.poolStats?.bind(database) },
    );
    reportMemory('app built');
    await app.listen({ host: config.HOST, port: config.PORT });
    metricsServer = await listenMetrics(app, config).catch((error: unknown) => {
      throw new MetricsPortUnusable('METRICS_PORT', { cause: error });
    });
    if (metricsServer)
      notes.push(`Métricas: http://${config.METRICS_HOST}:${metricsServer.port}/metrics`);
    else if (metricsPlace(config) === 'main') notes.push('Métricas: /metrics (com METRICS_TOKEN)');
    await mailer.flush();
    jobs = createJobRunner({
      db,
      jobs: dailyJobs({ config, mailer }),
      log: app.log,
      onOutcome: app.metrics.recordJob,
    });
    jobs.start();
    reportMemory('ready');

    const { port } = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? 'localhost' : config.HOST;
    console.log(
      startBanner({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
        config,
        driver: database.driver,
        notes,
        demoLogins: await existingDemoLogins(db),
        seededNow,
      }),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (error instanceof MetricsPortUnusable)
      console.error(
        `Não foi possível abrir ${config.METRICS_HOST}:${config.METRICS_PORT} para as métricas ` +
          `(METRICS_HOST, METRICS_PORT): ${(error.cause as Error).message}`,
      );
    else if (code === 'EADDRINUSE')
      console.error(`A porta ${config.PORT} já está em uso: escolha outra com PORT.`);
    else if (code === 'EACCES')
      console.error(`Sem permissão para usar a porta ${config.PORT} (PORT).`);
    else if (error instanceof StorageUnavailable || error instanceof DatabaseUnsuitable)
      console.error(error.message);
    else console.error('Falha ao iniciar o AgroSelo:', error);
    await metricsServer?.close();
    await app?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await mailer?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }

  const running = { app, mailer, jobs, database, metricsServer };
  let stopping = false;
  let endDrain: (() => void) | undefined;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal does not wait for the drain.
      endDrain?.();
      return;
    }
    stopping = true;
    const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
    running.app.log.info({ signal, drainSeconds: drainMs / 1000 }, 'encerrando o AgroSelo');
    setTimeout(() => {
      console.error('Encerramento demorou demais; saindo mesmo assim.');
      process.exit(1);
    }, drainMs + SHUTDOWN_GRACE_MS).unref();
    // /readyz answers 503 from now on while every route still serves: the balancer takes this
    // server out of its rotation during the drain, before the server stops taking requests.
    running.app.readiness.drain();
    await new Promise<void>((resolve) => {
      endDrain = resolve;
      setTimeout(resolve, drainMs).unref();
    });
    try {
      await running.metricsServer?.close();
      await running.app.close();
      await running.jobs.stop();
      await running.mailer.stop();
      await running.database.close();
      process.exit(0);
    } catch (error) {
      console.error('Falha ao encerrar:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

/** METRICS_PORT could not be opened: the start stops naming the variables. */
class MetricsPortUnusable extends Error {}

void start();
