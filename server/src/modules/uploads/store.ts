import path from 'node:path';
import { UPLOAD_EXPIRY_HOURS } from '@agroselo/contracts';
import { FileStore } from '@tus/file-store';
import type { Config } from '../../config';
import type { DailyJob } from '../../lib/jobs';
import { forgetFinishedUploads } from './service';

const EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000;

/**
 * Where unfinished resumable uploads wait for their next part: files under DATA_DIR, so any server
 * process of the machine resumes them (their state is on disk, none in memory). A finished upload
 * leaves for the Storage of the route it was for and is removed from here.
 */
export function createUploadStore(config: Pick<Config, 'DATA_DIR'>): FileStore {
  return new FileStore({
    directory: path.resolve(config.DATA_DIR, 'partial-uploads'),
    expirationPeriodInMilliseconds: EXPIRY_MS,
  });
}

/** Removes the uploads created more than UPLOAD_EXPIRY_HOURS before `now`; tells how many. */
export async function removeExpiredUploads(store: FileStore, now: Date): Promise<number> {
  const ids = (await store.configstore.list?.()) ?? [];
  let removed = 0;
  for (const id of ids) {
    const upload = await store.configstore.get(id);
    const created = upload?.creation_date ? Date.parse(upload.creation_date) : Number.NaN;
    if (Number.isNaN(created) || now.getTime() - created > EXPIRY_MS) {
      await store.remove(id).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}

/**
 * The daily sweep of abandoned uploads, and of the records of finished ones past their retention
 * (one server runs it: the job runner's advisory lock).
 */
export const expiredUploadsJob = (config: Pick<Config, 'DATA_DIR'>): DailyJob => ({
  name: 'expired-uploads-sweep',
  hour: 4,
  run: async ({ db, now }) => {
    const abandoned = await removeExpiredUploads(createUploadStore(config), now);
    const finished = await forgetFinishedUploads(db, now);
    return `${abandoned} envios abandonados removidos, ${finished} envios concluídos esquecidos`;
  },
});
