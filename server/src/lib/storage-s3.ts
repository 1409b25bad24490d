import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkStorageKey, StorageUnavailable, type Storage } from './storage';
import type { StorageUrl } from './storage-url';

/** Parts of a streamed upload: S3's minimum, one in flight, so a stream costs about 5 MB of memory. */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Cloudflare R2…). Without keys the
 * SDK's own chain is used (an instance role, say).
 */
export function createS3Storage(
  target: StorageUrl,
  credentials: { accessKeyId?: string; secretAccessKey?: string } = {},
): Storage {
  // The SDK warns at every start that releases after January 2027 want Node 22; the version is
  // pinned (~3.1175) and that move is tracked in decision 011, not in the server's log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: target.forcePathStyle,
    credentials:
      credentials.accessKeyId && credentials.secretAccessKey
        ? {
            accessKeyId: credentials.accessKeyId,
            secretAccessKey: credentials.secretAccessKey,
          }
        : undefined,
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by every
    // S3-compatible store; checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = target.bucket;
  const objectKey = (key: string) => `${target.prefix}${checkStorageKey(key)}`;
  return {
    description: `bucket s3://${Bucket}/${target.prefix}${target.endpoint ? ` em ${target.endpoint}` : ''}`,
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
        }),
      );
    },
    async putStream(key, body) {
      await new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: body },
        partSize: PART_SIZE,
        queueSize: 1,
      }).done();
    },
    async open(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        // In Node the body is the response stream itself: read as the client reads, never whole.
        return Body instanceof Readable ? Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        const reason =
          status === 404
            ? 'não existe'
            : status === 403 || status === 401
              ? 'recusou as credenciais (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)'
              : `não respondeu (${(error as Error).message || (error as Error).name})`;
        throw new StorageUnavailable(`STORAGE_URL: o bucket ${Bucket} ${reason}.`);
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: target.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key)
            yield { key: object.Key.slice(target.prefix.length), bytes: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
