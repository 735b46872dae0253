import path from 'node:path';
import type { Config } from '../config/config.js';
import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';

/**
 * The blob store the configuration asks for: local disk under DATA_DIR/blobs, or the S3 bucket
 * S3_BUCKET (checked here: unreachable or missing → S3UnavailableError naming it). Credentials
 * come from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles).
 */
export async function createBlobStore(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3Bucket' | 's3Endpoint' | 's3Region' | 's3ForcePathStyle'>>,
): Promise<BlobStore & { close?(): void }> {
  if (!config.s3Bucket) return new DiskBlobStore(path.join(config.dataDir, 'blobs'));
  // Loaded only here: the AWS SDK holds ~10 MB in a process that keeps its blobs on disk.
  const { S3BlobStore } = await import('./s3-blob-store.js');
  const store = new S3BlobStore({
    bucket: config.s3Bucket,
    client: {
      region: config.s3Region ?? 'us-east-1',
      forcePathStyle: config.s3ForcePathStyle ?? false,
      ...(config.s3Endpoint ? { endpoint: config.s3Endpoint } : {}),
    },
  });
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return store;
}
