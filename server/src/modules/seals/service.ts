import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { processes, stamps } from '../../db/schema';
import { presentStamp } from './present';

export async function listReleasedStamps(deps: AppDeps) {
  const rows = await deps.db
    .select({ stamp: stamps })
    .from(stamps)
    .innerJoin(processes, eq(processes.id, stamps.processId))
    .where(eq(processes.released, true))
    .orderBy(asc(stamps.name));
  return rows.map(({ stamp }) => presentStamp(stamp));
}

/** The image of a released seal; drafts stay hidden from the public. */
export async function stampImage(
  deps: AppDeps,
  stampId: string,
): Promise<{ mime: string; stream: Readable } | null> {
  const [row] = await deps.db
    .select({ key: stamps.imageKey, mime: stamps.imageMime })
    .from(stamps)
    .innerJoin(processes, eq(processes.id, stamps.processId))
    .where(and(eq(stamps.id, stampId), eq(processes.released, true)));
  if (!row?.key) return null;
  const stream = await deps.storage.open(row.key);
  return stream ? { mime: row.mime ?? 'application/octet-stream', stream } : null;
}
