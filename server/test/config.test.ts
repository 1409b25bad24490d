import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const PG_URL = 'postgresql://agroselo:segredo@localhost:5432/agroselo';

describe('loadConfig', () => {
  it('gives every variable its default', () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      MAIL_FROM: 'AgroSelo <nao-responda@agroselo.local>',
      SEED_DEMO: true,
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: [],
      RATE_LIMIT_PER_MINUTE: 1200,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: 0,
      METRICS_HOST: '127.0.0.1',
    });
  });

  it('takes the metrics token, port and address and the drain', () => {
    const token = 'm'.repeat(32);
    expect(
      loadConfig({
        METRICS_TOKEN: token,
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.5',
        SHUTDOWN_DRAIN_SECONDS: '15',
      }),
    ).toMatchObject({
      METRICS_TOKEN: token,
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.5',
      SHUTDOWN_DRAIN_SECONDS: 15,
    });
    // Port 0 (any free port) may be asked of both.
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });

  it('seeds demo data by default only on the embedded database', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: PG_URL }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: PG_URL, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      SEED_DEMO: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      JWT_SECRET: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
    });
    expect(config).toMatchObject({ PORT: 3000, SEED_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://agroselo.ufpel.edu.br/' }).PUBLIC_URL).toBe(
      'https://agroselo.ufpel.edu.br',
    );
  });

  it('splits TRUST_PROXY into addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2 ,' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/agroselo' }],
    ['JWT_SECRET', { JWT_SECRET: 'curto' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'não é e-mail', ADMIN_PASSWORD: 'senha-segura' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'chefe@ufpel.edu.br' }],
    ['SEED_DEMO', { SEED_DEMO: 'talvez' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'curto' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: `${'m'.repeat(32)} com espaço` }],
    ['METRICS_PORT', { METRICS_PORT: '3000' }],
    ['METRICS_PORT', { METRICS_PORT: '99999' }],
    ['SHUTDOWN_DRAIN_SECONDS', { SHUTDOWN_DRAIN_SECONDS: '-1' }],
    ['SHUTDOWN_DRAIN_SECONDS', { SHUTDOWN_DRAIN_SECONDS: 'logo' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Configuração inválida — .*\\b${name}:`));
  });
});
