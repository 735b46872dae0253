import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** s3rver's credentials: any request signed with them is accepted. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** Folder where the server keeps the objects. */
  directory: string;
  close(): Promise<void>;
  /** Stops answering (an outage): connections are refused until restart(); the objects stay. */
  stop(): Promise<void>;
  /** Serves again on the same port, with the same objects. */
  restart(): Promise<void>;
}

/**
 * A real S3-protocol server over HTTP for tests: s3rver (the maintained @20minutes fork, an npm
 * devDependency, so CI needs nothing else) on a random port, with one fresh bucket, its files in
 * a temporary folder removed by close().
 */
export async function startS3Server(bucket = `orator-test-${randomBytes(4).toString('hex')}`): Promise<TestS3Server> {
  const S3rver = require('@20minutes/s3rver') as new (options: object) => {
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  };
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'orator-test-s3-'));
  // allowMismatchedSignatures: s3rver canonicalizes a path-style bucket URL as `/bucket` where the
  // SDK signs `/bucket/`, so bucket-level calls (HeadBucket, ListObjectsV2) would fail its check;
  // everything else about the requests is the real protocol.
  const open = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: bucket }],
    });
  let server: InstanceType<typeof S3rver> | null = open(0);
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    async close() {
      await server?.close();
      server = null;
      await fs.rm(directory, { recursive: true, force: true });
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async restart() {
      if (server) return;
      server = open(address.port);
      await server.run();
    },
  };
}
