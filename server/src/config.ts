import { z } from 'zod';
import { parseStorageUrl } from './lib/storage-url';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    JWT_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    /** Files in an S3-compatible bucket instead of `DATA_DIR/uploads` (DESIGN §9). */
    STORAGE_URL: z
      .string()
      .transform((value, context) => {
        const parsed = parseStorageUrl(value);
        if (typeof parsed !== 'string') return parsed;
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      })
      .optional(),
    AWS_ACCESS_KEY_ID: z.string().optional(),
    AWS_SECRET_ACCESS_KEY: z.string().optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().default('AgroSelo <nao-responda@agroselo.local>'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'deve ter pelo menos 8 caracteres').optional(),
    SEED_DEMO: flag.optional(),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: z.string().optional(),
    /** Requests a minute one address may make to the API before 429: only a guard against floods. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * Seconds between SIGTERM and closing: /readyz answers 503 meanwhile while requests are still
     * served, so a balancer stops sending new ones before the server stops taking them.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    /** Bearer token that /metrics asks for; with neither it nor METRICS_PORT, /metrics is off. */
    METRICS_TOKEN: z
      .string()
      .min(32, 'deve ter pelo menos 32 caracteres')
      .regex(/^\S+$/, 'não pode ter espaços')
      .optional(),
    /** A port of its own for /metrics, on METRICS_HOST: then the main port answers 404 there. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
  })
  .refine((c) => Boolean(c.ADMIN_EMAIL) === Boolean(c.ADMIN_PASSWORD), {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD vão juntos',
  })
  .refine((c) => Boolean(c.AWS_ACCESS_KEY_ID) === Boolean(c.AWS_SECRET_ACCESS_KEY), {
    path: ['AWS_SECRET_ACCESS_KEY'],
    message: 'AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY vão juntos',
  })
  .refine((c) => !c.METRICS_PORT || c.METRICS_PORT !== c.PORT, {
    path: ['METRICS_PORT'],
    message: 'deve ser diferente de PORT',
  })
  .transform((c) => ({
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? !c.DATABASE_URL,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    TRUST_PROXY:
      c.TRUST_PROXY?.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean) ?? [],
  }));

export type Config = z.infer<typeof ConfigSchema>;

/** Reads the environment once; an empty variable counts as unset. Throws naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'ambiente'}: ${issue.message}`,
    );
    throw new Error(`Configuração inválida — ${problems.join('; ')}`);
  }
  return parsed.data;
}
