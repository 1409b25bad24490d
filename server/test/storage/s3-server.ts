import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed keys: it checks every request's signature with them. */
export const S3_TEST_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  /** `STORAGE_URL` for `bucket`, under a prefix of its own when given. */
  storageUrl(prefix?: string): string;
  /** The environment a test app or a backup run needs to use this store. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'agroselo-test';

/** An S3-compatible server in this process on a free port of 127.0.0.1, its files in a temp dir. */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'agroselo-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const storageUrl = (prefix = '') =>
    `s3://${TEST_BUCKET}/${prefix}?endpoint=http://127.0.0.1:${port}&region=us-east-1`;
  return {
    storageUrl,
    env: (prefix) => ({ STORAGE_URL: storageUrl(prefix), ...S3_TEST_KEYS }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
