// Stand-in for MinIO's `minio server DIR [--address :9000] [--console-address …]` on s3rver (an S3
// protocol server in Node): the root user's credentials come from MINIO_ROOT_USER and
// MINIO_ROOT_PASSWORD as with MinIO, objects are files under DIR. No console.
'use strict';
const S3rver = require('@20minutes/s3rver');
const AWSAccount = require('@20minutes/s3rver/lib/models/account');

const args = process.argv.slice(2);
if (args[0] !== 'server' || !args[1]) {
  console.error('usage: minio server DIR [--address :PORT] [--console-address :PORT]');
  process.exit(2);
}
const addressFlag = args.indexOf('--address');
const port = addressFlag > 0 ? Number(args[addressFlag + 1].split(':').pop()) : 9000;
const user = process.env.MINIO_ROOT_USER || 'minioadmin';
const password = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
new AWSAccount(1, user).createKeyPair(user, password);
// As the project's own tests do: s3rver canonicalises a path-style bucket URL as `/bucket` where the
// SDK signs `/bucket/`, so bucket-level calls would fail its check otherwise. Path-style only:
// s3rver would otherwise take the host name (`minio`) for a bucket.
const server = new S3rver({ address: '0.0.0.0', port, directory: args[1], silent: true, allowMismatchedSignatures: true, vhostBuckets: false });
server.run().then((address) => console.log(`S3 stand-in (s3rver) listening on ${address.address}:${address.port}, objects in ${args[1]}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close().then(() => process.exit(0)));
