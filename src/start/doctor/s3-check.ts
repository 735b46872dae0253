import { randomBytes } from 'node:crypto';
import type { Config } from '../../config/config.js';
import { attempt, type CheckResult } from './check.js';

/**
 * S3_BUCKET, when set: the bucket answers (HeadBucket) and takes a write, a read and a delete of
 * one small object, which is what the server will do with audio. Credentials come from the AWS
 * SDK's chain, as for the server itself.
 */
export async function checkS3(config: Config): Promise<CheckResult[]> {
  if (!config.s3Bucket) return [{ name: 's3', status: 'skip', detail: 'S3_BUCKET unset: blobs live in DATA_DIR/blobs' }];
  const where = `bucket ${config.s3Bucket} at ${config.s3Endpoint ?? 'AWS S3'}`;
  return [
    await attempt(
      's3',
      async () => {
        // Imported here: the AWS SDK is ~2 MB of JavaScript that `orator serve`, which imports every
        // command, would otherwise load and hold without S3 configured.
        const { S3BlobStore } = await import('../../blobs/s3-blob-store.js');
        const store = new S3BlobStore({
          bucket: config.s3Bucket!,
          client: { region: config.s3Region, forcePathStyle: config.s3ForcePathStyle, ...(config.s3Endpoint ? { endpoint: config.s3Endpoint } : {}), maxAttempts: 1 },
        });
        try {
          await store.check();
          const key = `doctor/${randomBytes(8).toString('hex')}`;
          await store.put(key, Buffer.from('orator doctor'), 'text/plain');
          const back = await store.get(key);
          await store.delete(key);
          if (back?.toString() !== 'orator doctor') throw new Error(`${where} did not return the object just written`);
          return { name: 's3', status: 'ok', detail: `${where} answers and takes a write, a read and a delete` };
        } finally {
          store.close();
        }
      },
      'check S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and the AWS credentials (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY), and that the server runs',
      15_000,
    ),
  ];
}
