import { TOTAL_COUNT_HEADER } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import { sendJsonText } from './json-text';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { cacheVersions } from '../db/schema';

export interface CachedAnswer {
  /** The serialized answer. */
  body: string;
  /** Names this version of the data in every process; null when the version is unknown. */
  etag: string | null;
  /** A list's X-Total-Count. */
  total?: number;
}

export interface VersionedCache {
  get(): Promise<CachedAnswer>;
}

/**
 * A public answer built once per version of its data and kept in memory. Triggers on the tables
 * it is built from give `cache_versions[name]` a new random value on every write (migration
 * 0004), so a request costs one primary-key read while nothing changed, and any process sees
 * another's write on its very next request: no stale answer, whatever the number of processes.
 * The version is read before the data, so an answer is never older than the version it is kept
 * under.
 */
export function versionedCache(
  db: Db,
  name: string,
  build: () => Promise<Omit<CachedAnswer, 'etag'>>,
  /** What else the answer depends on besides the tables, e.g. today's date. */
  scope: () => string = () => '',
): VersionedCache {
  const currentVersion = db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, sql.placeholder('name')))
    .prepare(`cache_version_${name.replace(/\W/g, '_')}`);
  let cached: { version: string; answer: CachedAnswer } | null = null;
  // Requests that miss together share one build.
  let building: { version: string; answer: Promise<CachedAnswer> } | null = null;

  return {
    async get() {
      const [row] = await currentVersion.execute({ name });
      // No version row (a database restored without it): nothing can be trusted, build afresh.
      if (!row?.version) return { ...(await build()), etag: null };
      const version = `${row.version}-${scope()}`;
      if (cached?.version === version) return cached.answer;
      if (building?.version !== version) {
        const pending = {
          version,
          answer: build().then((built) => ({ ...built, etag: `W/"${version}"` })),
        };
        building = pending;
        pending.answer.then(
          (answer) => {
            cached = { version, answer };
            if (building === pending) building = null;
          },
          () => {
            if (building === pending) building = null;
          },
        );
      }
      return building.answer;
    },
  };
}

/**
 * Sends a cached JSON answer; browsers keep it and ask again with If-None-Match, and get a 304
 * without a body while the data is unchanged.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('Cache-Control', 'no-cache');
  if (answer.total !== undefined) reply.header(TOTAL_COUNT_HEADER, answer.total);
  if (answer.etag) {
    reply.header('ETag', answer.etag);
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim() === answer.etag))
      return reply.code(304).send();
  }
  return sendJsonText(reply, answer.body);
}
