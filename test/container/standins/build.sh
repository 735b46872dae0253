#!/usr/bin/env bash
# Builds stand-ins for the upstream images the Dockerfile and the compose files name, from Debian
# packages and this machine's Node, since no image registry is reachable here:
#   docker.io/library/node:22-bookworm-slim  Debian bookworm minbase (mmdebstrap) with this machine's
#                                            node, npm and headers laid out as the official image
#                                            (/usr/local/bin/node, /usr/local/lib/node_modules/npm,
#                                            /usr/local/include/node), user `node` 1000:1000
#   docker.io/library/postgres:17            Debian's PostgreSQL, entrypoint honouring POSTGRES_*
#   docker.io/library/redis:7                Debian's Redis, `redis-server ARGS` in /data
#                                            (both over one mmdebstrap root, postgres.Containerfile
#                                            and redis.Containerfile adding the entrypoints)
#   docker.io/minio/minio, docker.io/minio/mc s3rver and a two-command `mc` (see s3.Containerfile)
# Each image carries a label with the hash of its inputs and is rebuilt only when they change.
# Needs: podman, mmdebstrap, CONTAINERS_CONF (see ../containers.conf). Env: NPM_CA (CA bundle for
# the npm registry, default: the system's), DEBIAN_MIRROR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
NODE_IMAGE=docker.io/library/node:22-bookworm-slim
POSTGRES_IMAGE=docker.io/library/postgres:17
REDIS_IMAGE=docker.io/library/redis:7
MINIO_IMAGE=docker.io/minio/minio:latest
MC_IMAGE=docker.io/minio/mc:latest
NPM_CA=${NPM_CA:-${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d /var/tmp/orator-standins.XXXXXX)
trap 'rm -rf "$work"' EXIT

node_bin=$(readlink -f "$(command -v node)")
node_prefix=$(dirname "$(dirname "$node_bin")")
npm_dir=$node_prefix/lib/node_modules/npm
[ -d "$npm_dir" ] || npm_dir=$(npm root -g)/npm
include_dir=$node_prefix/include/node
[ -f "$include_dir/node.h" ] || { echo "no Node headers in $include_dir (node-gyp needs them)" >&2; exit 1; }

slim=(--variant=minbase --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*'
      --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias')

label() { podman image inspect --format '{{index .Config.Labels "orator.standin.inputs"}}' "$1" 2>/dev/null || true; }
hash_of() { cat "$@" | sha256sum | cut -c1-16; }

# The two Debian roots (Node; PostgreSQL and Redis) are made at the same time: mmdebstrap spends
# most of its time waiting on downloads and dpkg.
# --- Node ---------------------------------------------------------------------------------------
build_node() {
  echo "building the node stand-in ($NODE_IMAGE, Node $(node --version))"
  mmdebstrap "${slim[@]}" --quiet \
    --customize-hook="mkdir -p \"\$1/usr/local/bin\" \"\$1/usr/local/lib/node_modules\" \"\$1/usr/local/include\"" \
    --customize-hook="cp -a '$node_bin' \"\$1/usr/local/bin/node\"" \
    --customize-hook="cp -a '$npm_dir' \"\$1/usr/local/lib/node_modules/npm\"" \
    --customize-hook="cp -a '$include_dir' \"\$1/usr/local/include/node\"" \
    --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\"" \
    --customize-hook="ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
    --customize-hook="chroot \"\$1\" groupadd --gid 1000 node" \
    --customize-hook="chroot \"\$1\" useradd --uid 1000 --gid node --shell /bin/bash --create-home node" \
    bookworm "$work/node.tar" "$MIRROR"
  podman import --quiet \
    --change "ENV NODE_VERSION=$(node --version | tr -d v)" \
    --change 'CMD ["node"]' \
    --change "LABEL orator.standin.inputs=$node_inputs" \
    "$work/node.tar" "$NODE_IMAGE" >/dev/null
  rm -f "$work/node.tar"
}
node_inputs=$(printf '%s\n' "$(node --version)" "$(node -p process.arch)" "$(cat "$npm_dir/package.json" | node -p 'JSON.parse(require("fs").readFileSync(0)).version')" "${slim[*]}" "$MIRROR" "$(declare -f build_node)" | sha256sum | cut -c1-16)

# --- PostgreSQL and Redis: one Debian root (mmdebstrap), two thin images with their entrypoints ----
SERVICES_ROOT=localhost/orator-standin/services-root:latest
build_services_root() {
  echo "building the Debian root of the postgres and redis stand-ins (Debian's PostgreSQL and Redis)"
  mmdebstrap "${slim[@]}" --quiet --include=postgresql,redis-server bookworm "$work/services.tar" "$MIRROR"
  podman import --quiet --change "LABEL orator.standin.inputs=$services_inputs" "$work/services.tar" "$SERVICES_ROOT" >/dev/null
  rm -f "$work/services.tar"
}
services_inputs=$(printf '%s\n' "${slim[*]}" "$MIRROR" "$(declare -f build_services_root)" | sha256sum | cut -c1-16)

pids=()
if [ "$(label "$NODE_IMAGE")" = "$node_inputs" ]; then echo "node stand-in up to date ($NODE_IMAGE)"; else build_node & pids+=($!); fi
if [ "$(label "$SERVICES_ROOT")" = "$services_inputs" ]; then echo "postgres and redis root up to date"; else build_services_root & pids+=($!); fi
for pid in "${pids[@]}"; do wait "$pid"; done

for service in postgres redis; do
  image=$POSTGRES_IMAGE; [ "$service" = redis ] && image=$REDIS_IMAGE
  inputs=$(printf '%s\n' "$services_inputs" | cat - "$here/$service.Containerfile" "$here/$service-entrypoint.sh" | sha256sum | cut -c1-16)
  if [ "$(label "$image")" = "$inputs" ]; then echo "$service stand-in up to date"; continue; fi
  echo "building the $service stand-in ($image)"
  podman build --quiet --pull=never --network=none --format docker --label "orator.standin.inputs=$inputs" \
    -f "$here/$service.Containerfile" -t "$image" "$here" >/dev/null
done

# --- MinIO and mc, over the Node stand-in -------------------------------------------------------
s3_inputs=$(printf '%s\n' "$node_inputs" | cat - "$here/s3.Containerfile" "$here/minio.cjs" "$here/mc.cjs" | sha256sum | cut -c1-16)
if [ "$(label "$MINIO_IMAGE")" = "$s3_inputs" ] && [ "$(label "$MC_IMAGE")" = "$s3_inputs" ]; then
  echo "minio and mc stand-ins up to date"
else
  echo "building the minio and mc stand-ins (s3rver)"
  for target in minio mc; do
    image=$MINIO_IMAGE; [ "$target" = mc ] && image=$MC_IMAGE
    podman build --quiet --pull=never --network=host --format docker --target "$target" \
      --secret "id=npm_ca,src=$NPM_CA" --label "orator.standin.inputs=$s3_inputs" \
      -f "$here/s3.Containerfile" -t "$image" "$here" >/dev/null
  done
fi
