// Stand-in for MinIO's client `mc`, the two commands a bucket-creating init step uses:
//   mc alias set NAME URL ACCESS_KEY SECRET_KEY   (checks the server answers, as mc does)
//   mc mb [--ignore-existing|-p] NAME/BUCKET
// Requests are signed with AWS Signature V4 (aws4). Aliases live in ~/.mc/standin-aliases.json.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const aws4 = require('aws4');

const file = path.join(os.homedir(), '.mc', 'standin-aliases.json');
const aliases = () => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});

async function signed(alias, method, pathname) {
  const url = new URL(alias.url);
  const request = aws4.sign(
    { host: url.host, path: pathname, method, service: 's3', region: 'us-east-1', headers: {} },
    { accessKeyId: alias.accessKey, secretAccessKey: alias.secretKey },
  );
  return fetch(`${url.origin}${pathname}`, { method, headers: request.headers });
}

async function main(argv) {
  if (argv[0] === 'alias' && argv[1] === 'set' && argv.length === 6) {
    const [, , name, url, accessKey, secretKey] = argv;
    const alias = { url, accessKey, secretKey };
    const res = await signed(alias, 'GET', '/');
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...aliases(), [name]: alias }));
    console.log(`Added \`${name}\` successfully.`);
    return;
  }
  if (argv[0] === 'mb') {
    const ignoreExisting = argv.includes('--ignore-existing') || argv.includes('-p');
    const target = argv.slice(1).find((a) => !a.startsWith('-'));
    const [name, bucket] = (target ?? '').split('/');
    const alias = aliases()[name];
    if (!alias || !bucket) throw new Error(`mb: unknown alias or no bucket in ${target}`);
    const res = await signed(alias, 'PUT', `/${bucket}`);
    const body = await res.text();
    if (res.ok) console.log(`Bucket created successfully \`${target}\`.`);
    else if (ignoreExisting && /BucketAlready(OwnedByYou|Exists)/.test(body)) console.log(`Bucket \`${target}\` already exists.`);
    else throw new Error(`mb ${target}: ${res.status} ${body}`);
    return;
  }
  throw new Error(`mc stand-in: unsupported command: ${argv.join(' ')}`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`mc: <ERROR> ${error.cause?.message ?? error.message}`);
  process.exit(1);
});
