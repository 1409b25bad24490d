/**
 * npm run audit:security — scans the real server with wapiti and sqlmap (Debian packages; installed
 * here when missing and running as root), on loopback only, on a throwaway PostgreSQL seeded with
 * the demo data, as a visitor and logged in as each role. Prints every finding; exits 1 when a
 * high (or critical) one is found. Reports land in test-results/security-audit/.
 *
 *   AUDIT_SCAN_SECONDS   wapiti's time per role (default 150)
 *   AUDIT_SQLMAP_SECONDS sqlmap's time per target (default 120)
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  createPostgresCluster,
  findPostgresBin,
  freePort,
  type PostgresCluster,
} from './postgres-cluster.mjs';
import { POSTGRES_SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'test-results', 'security-audit');
const scanSeconds = Number(process.env.AUDIT_SCAN_SECONDS ?? 150);
const sqlmapSeconds = Number(process.env.AUDIT_SQLMAP_SECONDS ?? 120);
// ssrf and xxe call wapiti's servers on the internet, redirect follows the target to a site on
// the internet when it finds an open redirect, wapp and nikto fetch databases, buster and
// brute_login_form only guess: left out, so every request stays on loopback.
const WAPITI_MODULES = [
  'backup',
  'blindsql',
  'cookieflags',
  'crlf',
  'csp',
  'exec',
  'file',
  'htaccess',
  'http_headers',
  'methods',
  'permanentxss',
  'shellshock',
  'sql',
  'xss',
].join(',');
const DEMO_PASSWORD = 'agroselo123';
const DEMO = {
  admin: 'admin@agroselo.local',
  technician: 'tecnico@agroselo.local',
  owner: 'produtor@agroselo.local',
};

type Role = 'visitor' | 'pending' | 'user' | 'owner' | 'technician' | 'admin';
interface Finding {
  tool: 'wapiti' | 'sqlmap';
  role: Role;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  what: string;
  where: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(line);

function which(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
}

function ensureTools(): void {
  const missing = ['wapiti', 'sqlmap'].filter((tool) => !which(tool));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    say(
      `Faltam ${missing.join(' e ')}: instale com "sudo apt-get install -y wapiti sqlmap" e rode de novo.`,
    );
    process.exit(2);
  }
  say(`Instalando ${missing.join(' e ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'wapiti', 'sqlmap'], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0) {
    say('apt-get não instalou wapiti e sqlmap.');
    process.exit(2);
  }
}

function ensureBuild(): void {
  if (
    existsSync(path.join(root, 'server/dist/main.js')) &&
    existsSync(path.join(root, 'web/dist/index.html'))
  )
    return;
  say('Compilando o produto (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

/** Runs a scanner with a time limit; its output is kept in `logFile`. */
function run(command: string, args: string[], logFile: string, seconds: number): Promise<string> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGINT'), seconds * 1000);
    child.on('exit', () => {
      clearTimeout(timer);
      writeFileSync(logFile, output);
      resolve(output);
    });
  });
}

interface Param {
  in: string;
  name: string;
  schema?: { enum?: unknown[]; default?: unknown };
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        security?: unknown[];
        requestBody?: {
          content?: Record<
            string,
            { schema?: { properties?: Record<string, { type?: string; format?: string }> } }
          >;
        };
      }
    >
  >;
}

async function main(): Promise<void> {
  ensureTools();
  ensureBuild();
  mkdirSync(outDir, { recursive: true });

  let cluster: PostgresCluster | undefined;
  let baseUrl = process.env.AUDIT_DATABASE_URL;
  if (!baseUrl) {
    if (!findPostgresBin()) {
      say(
        'PostgreSQL não encontrado (/usr/lib/postgresql): instale postgresql ou defina AUDIT_DATABASE_URL.',
      );
      process.exit(2);
    }
    cluster = await createPostgresCluster();
    baseUrl = cluster.url();
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const database = `agroselo_audit_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${database}`);
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${database}`;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(outDir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  let serverLog = '';
  const server = spawn(
    process.execPath,
    [...POSTGRES_SERVER_NODE_ARGS, path.join(root, 'server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        JWT_SECRET: randomBytes(32).toString('hex'),
        // The scanners send thousands of requests from one address; the flood limit would hide
        // the application behind 429s.
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'error',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));

  const cleanup = async () => {
    server.kill('SIGTERM');
    await sleep(500);
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await cluster?.destroy();
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`o servidor parou:\n${serverLog}`);
      if (Date.now() > deadline) throw new Error(`o servidor não respondeu:\n${serverLog}`);
      try {
        if ((await fetch(`${base}/api/stamp/all`)).ok) break;
      } catch {
        // not yet
      }
      await sleep(300);
    }
    say(`Servidor de auditoria em ${base} (PostgreSQL descartável, dados de demonstração).`);

    const tokens = await sessions(base, databaseUrl.toString());
    const spec = (await (await fetch(`${base}/docs/json`)).json()) as OpenApi;
    const ids = await harvestIds(base, spec, tokens.admin!);
    const findings: Finding[] = [];
    const started = Date.now();

    for (const role of Object.keys(tokens) as Role[]) {
      say(`\n== wapiti como ${role} ==`);
      findings.push(...(await wapiti(base, spec, ids, role, tokens[role])));
    }
    for (const role of Object.keys(tokens) as Role[]) {
      say(`\n== sqlmap como ${role} ==`);
      findings.push(...(await sqlmap(base, spec, ids, role, tokens[role])));
    }

    const high = findings.filter((f) => f.severity === 'high' || f.severity === 'critical');
    const summary = [
      `Auditoria de segurança — ${new Date().toISOString()} — ${Math.round((Date.now() - started) / 60_000)} min`,
      `wapiti ${versionOf('wapiti')} (módulos ${WAPITI_MODULES}); sqlmap ${versionOf('sqlmap')}`,
      `papéis: ${Object.keys(tokens).join(', ')}`,
      '',
      ...(['critical', 'high', 'medium', 'low', 'info'] as const).map(
        (severity) =>
          `${severity.padEnd(8)} ${findings.filter((f) => f.severity === severity).length}`,
      ),
      '',
      ...grouped(findings),
    ].join('\n');
    writeFileSync(path.join(outDir, 'summary.txt'), `${summary}\n`);
    writeFileSync(path.join(outDir, 'findings.json'), JSON.stringify(findings, null, 2));
    say(`\n${summary}\n\nRelatórios em ${path.relative(root, outDir)}/`);
    const crashed = /unexpected error/.test(serverLog);
    if (crashed) say('O servidor registrou erros inesperados (500): veja o log em server.log.');
    writeFileSync(path.join(outDir, 'server.log'), serverLog);
    process.exitCode = high.length > 0 || crashed ? 1 : 0;
  } finally {
    await cleanup();
  }
}

/** One line per finding, with the roles that met it (most are the same for every role). */
function grouped(findings: Finding[]): string[] {
  const lines = new Map<string, Role[]>();
  for (const f of findings) {
    const key = `[${f.severity}] ${f.tool}: ${f.what} — ${f.where}`;
    lines.set(key, [...(lines.get(key) ?? []), f.role]);
  }
  return [...lines].map(([line, roles]) => `${line} (${[...new Set(roles)].join(', ')})`);
}

function versionOf(tool: string): string {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return (result.stdout + result.stderr).match(/\d+\.\d+(\.\d+)*/)?.[0] ?? '?';
}

/** A token for each role: the demo accounts, plus a pending and a verified account signed up here. */
async function sessions(base: string, databaseUrl: string): Promise<Partial<Record<Role, string>>> {
  const login = async (username: string, password: string) => {
    const response = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    });
    if (!response.ok)
      throw new Error(`login de ${username}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const signUp = async (email: string) => {
    const form = new FormData();
    const fields = {
      email,
      first_name: 'Auditoria',
      last_name: 'Segura',
      cpf: '52998224725',
      phone: '51999998888',
      password: 'auditoria-segura-2026',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await fetch(`${base}/api/auth/register`, { method: 'POST', body: form });
    if (response.status !== 201)
      throw new Error(`cadastro de ${email}: ${response.status} ${await response.text()}`);
    return login(email, fields.password);
  };
  const pending = await signUp('pendente@auditoria.local');
  const user = await signUp('usuario@auditoria.local');
  // The dev mailbox keeps the code in the database (no SMTP here).
  const scoped = new pg.Client({ connectionString: databaseUrl });
  await scoped.connect();
  const mail = await scoped.query<{ text: string }>(
    `select text from mail_outbox where to_address = 'usuario@auditoria.local' order by created_at desc limit 1`,
  );
  await scoped.end();
  const code = /é: (\d{6})/.exec(mail.rows[0]?.text ?? '')?.[1];
  const activated = await fetch(`${base}/api/auth/activate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!activated.ok) throw new Error(`ativação: ${activated.status}`);
  return {
    visitor: undefined,
    pending,
    user,
    owner: await login(DEMO.owner, DEMO_PASSWORD),
    technician: await login(DEMO.technician, DEMO_PASSWORD),
    admin: await login(DEMO.admin, DEMO_PASSWORD),
  };
}

/** Every `id` in the answers of the parameterless GET routes, to fill path parameters with. */
async function harvestIds(base: string, spec: OpenApi, token: string): Promise<string[]> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        if (key === 'id' && typeof child === 'string') found.add(child);
        walk(child);
      }
  };
  for (const [route, operations] of Object.entries(spec.paths)) {
    if (!route.startsWith('/api/') || route.includes('{') || !operations.get) continue;
    const response = await fetch(`${base}${route}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.ok && response.headers.get('content-type')?.includes('json'))
      walk(await response.json());
  }
  return [...found];
}

const sampleValue = (name: string, schema: { type?: string; format?: string } = {}): unknown => {
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'array') return [];
  // Not a demo account: sqlmap's wrong passwords would lock it (per-account limit).
  if (/email|username/.test(name)) return 'sqlmap@auditoria.local';
  if (/cpf/.test(name)) return '52998224725';
  if (/cnpj/.test(name)) return '11222333000181';
  if (/phone/.test(name)) return '51999998888';
  if (/date|validity|deadline/.test(name)) return '2026-12-31';
  if (/password/.test(name)) return 'senha-qualquer-123';
  return 'teste';
};

/** A concrete URL for a route: path ids that answer, query parameters with sample values. */
async function concreteUrl(
  base: string,
  route: string,
  params: Param[],
  ids: string[],
  token: string | undefined,
  mark: boolean,
): Promise<string> {
  const names = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  let pathPart = route;
  if (names.length > 0) {
    let chosen = ids[0] ?? '00000000-0000-7000-8000-000000000000';
    for (const id of ids.slice(0, 25)) {
      const probe = route.replace(/\{\w+\}/g, id);
      const response = await fetch(`${base}${probe}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (response.status < 400) {
        chosen = id;
        break;
      }
    }
    pathPart = route.replace(/\{\w+\}/g, mark ? `${chosen}*` : chosen);
  }
  const sample = (p: Param) =>
    p.name === 'limit'
      ? '10'
      : p.name === 'offset'
        ? '0'
        : String(p.schema?.enum?.[0] ?? p.schema?.default ?? 'arroz');
  const query = params
    .filter((p) => p.in === 'query')
    .map((p): [string, string] => [p.name, sample(p)]);
  return `${base}${pathPart}${query.length ? `?${new URLSearchParams(query).toString()}` : ''}`;
}

async function wapiti(
  base: string,
  spec: OpenApi,
  ids: string[],
  role: Role,
  token?: string,
): Promise<Finding[]> {
  const starts: string[] = [`${base}/`, `${base}/docs`];
  for (const [route, operations] of Object.entries(spec.paths)) {
    if (route.startsWith('/api/') && operations.get)
      starts.push(
        await concreteUrl(base, route, operations.get.parameters ?? [], ids, token, false),
      );
  }
  // wapiti builds every module, even unused ones, and the wapp module downloads its database
  // from the internet when it finds none: an empty one keeps it off the network.
  const configDir = path.join(outDir, 'wapiti-config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(path.join(configDir, 'apps.json'), '{}');
  const report = path.join(outDir, `wapiti-${role}.json`);
  rmSync(report, { force: true });
  const args = [
    '-u',
    `${base}/`,
    '--scope',
    'domain',
    '-m',
    WAPITI_MODULES,
    '--flush-session',
    '--store-session',
    path.join(outDir, 'wapiti-session'),
    '--store-config',
    configDir,
    // Payloads that name an outside server name a closed port on loopback instead.
    '--endpoint',
    'http://127.0.0.1:9/',
    '--max-scan-time',
    String(scanSeconds),
    '--max-attack-time',
    String(Math.max(20, Math.floor(scanSeconds / 4))),
    '-d',
    '3',
    '--no-bugreport',
    '-v',
    '0',
    '-f',
    'json',
    '-o',
    report,
    ...starts.flatMap((url) => ['-s', url]),
    ...(token ? ['-H', `Authorization: Bearer ${token}`] : []),
  ];
  await run('wapiti', args, path.join(outDir, `wapiti-${role}.log`), scanSeconds * 2 + 120);
  if (!existsSync(report)) {
    say(`  wapiti não gerou relatório (veja wapiti-${role}.log)`);
    return [
      {
        tool: 'wapiti',
        role,
        severity: 'high',
        what: 'o scanner não terminou',
        where: `wapiti-${role}.log`,
      },
    ];
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as Record<
    string,
    Record<
      string,
      { level: number | string; method: string; path: string; info: string; parameter?: string }[]
    >
  >;
  const findings: Finding[] = [];
  const severityOf = (level: number, kind: string): Finding['severity'] =>
    kind === 'infos' || kind === 'additionals'
      ? level >= 3
        ? 'medium'
        : 'info'
      : (['info', 'low', 'medium', 'high', 'critical'] as const)[Math.min(4, level)]!;
  for (const kind of ['vulnerabilities', 'anomalies', 'additionals'] as const) {
    for (const [category, items] of Object.entries(json[kind] ?? {})) {
      for (const item of items) {
        const finding: Finding = {
          tool: 'wapiti',
          role,
          severity: severityOf(Number(item.level), kind),
          what: `${category}${item.parameter ? ` (${item.parameter})` : ''}: ${item.info.split('\n')[0]}`,
          where: `${item.method} ${item.path}`,
        };
        findings.push(finding);
        say(`  [${finding.severity}] ${finding.what} — ${finding.where}`);
      }
    }
  }
  if (findings.length === 0) say('  nenhum achado');
  return findings;
}

async function sqlmap(
  base: string,
  spec: OpenApi,
  ids: string[],
  role: Role,
  token?: string,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [route, operations] of Object.entries(spec.paths)) {
    if (!route.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const hasQuery = params.some((p) => p.in === 'query');
      const hasPath = route.includes('{');
      const bodyType = ['application/json', 'application/x-www-form-urlencoded'].find(
        (type) => type in content,
      );
      if (!hasQuery && !hasPath && !bodyType) continue;
      const url = await concreteUrl(
        base,
        route,
        params,
        ids,
        token,
        hasPath && !hasQuery && !bodyType,
      );
      const properties = bodyType ? (content[bodyType]?.schema?.properties ?? {}) : {};
      // The self-update takes one field at a time, and must not change the e-mail the token is for.
      const names = Object.keys(properties).filter(
        (name) => name !== 'email' || !route.endsWith('/auth/update'),
      );
      const body = Object.fromEntries(
        (route.endsWith('/auth/update') ? names.slice(0, 1) : names).map((name) => [
          name,
          sampleValue(name, properties[name]),
        ]),
      );
      // Skip a route the role cannot pass: the guard answers before any input is used.
      const probe = await fetch(url.replace('*', ''), {
        method: method.toUpperCase(),
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(bodyType ? { 'content-type': bodyType } : {}),
        },
        body: bodyType
          ? bodyType === 'application/json'
            ? JSON.stringify(body)
            : new URLSearchParams(body as Record<string, string>).toString()
          : undefined,
      });
      if (probe.status === 403 || (probe.status === 401 && operation.security)) continue;
      const target = `${method.toUpperCase()} ${route}`;
      const args = [
        '-u',
        url,
        '--method',
        method.toUpperCase(),
        '--batch',
        '--level',
        '2',
        '--risk',
        '1',
        '--technique',
        'BEUS',
        '--flush-session',
        '--disable-coloring',
        '--output-dir',
        path.join(outDir, 'sqlmap'),
        '--dbms',
        'PostgreSQL',
        '--skip',
        'limit,offset',
        // A wrong password is a 401 and the per-account limit a 429: answers to compare, not ends.
        '--ignore-code',
        '401,429',
        ...(token ? ['-H', `Authorization: Bearer ${token}`] : []),
      ];
      if (bodyType === 'application/json')
        args.push('--data', JSON.stringify(body), '-H', 'Content-Type: application/json');
      else if (bodyType)
        args.push('--data', new URLSearchParams(body as Record<string, string>).toString());
      const safeName = `${role}-${method}-${route.replace(/[^a-z0-9]+/gi, '_')}`;
      const output = await run(
        'sqlmap',
        args,
        path.join(outDir, `sqlmap-${safeName}.log`),
        sqlmapSeconds,
      );
      const injectable =
        /identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(
          output,
        );
      const verdict = injectable
        ? 'INJETÁVEL'
        : /do not appear to be injectable|not injectable/i.test(output)
          ? 'nada injetável'
          : 'inconclusivo (veja o log)';
      say(`  ${target}: ${verdict}`);
      if (injectable)
        findings.push({
          tool: 'sqlmap',
          role,
          severity: 'critical',
          what: 'injeção de SQL',
          where: target,
        });
      else if (!/do not appear to be injectable|not injectable/i.test(output))
        findings.push({
          tool: 'sqlmap',
          role,
          severity: 'info',
          what: 'sqlmap inconclusivo',
          where: target,
        });
    }
  }
  return findings;
}

await main();
