import path from 'node:path';
import type { Config } from '../config/config.js';
import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';

/**
 * The blob store the configuration asks for: local disk under DATA_DIR/blobs. The S3 store
 * goes here, behind the same BlobStore interface, once Config carries its settings (endpoint,
 * bucket, region, credentials); nothing else needs to change.
 */
export function createBlobStore(config: Pick<Config, 'dataDir'>): BlobStore {
  return new DiskBlobStore(path.join(config.dataDir, 'blobs'));
}
