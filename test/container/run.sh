#!/usr/bin/env bash
# The container test: stand-in images, the Dockerfile built unchanged, one node and the compose
# cluster run with podman (see run.ts). Exit 0 all proofs held, 1 one failed, 77 podman cannot run
# containers here. Needs podman, podman-compose, runc, mmdebstrap, ffmpeg and a built dist/.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/test/container/containers.conf}
[ -f dist/test/container/run.js ] || npm run build
exec node dist/test/container/run.js "$@"
