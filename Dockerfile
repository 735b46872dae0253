# Orator's container image. Build:   docker build -t orator .
# Run:  docker run -d --name orator -p 8080:8080 -v orator-data:/data --stop-timeout 30 orator
# Then: docker exec orator orator accounts create --plan free      (docs/deploy.md)
#
# Behind a proxy with its own CA, hand the CA bundle to the npm installs as a build secret; it is
# mounted only while `npm ci` runs and never stays in an image layer:
#   docker build --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt -t orator .
# The base image is an argument (the official Node 22 slim image by default); any Debian-based Node
# image with Node's headers under /usr/local/include/node and a user `node` works.
ARG NODE_IMAGE=docker.io/library/node:22-bookworm-slim

# --- A compiler: better-sqlite3 builds from source where its prebuilt binary cannot be downloaded.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# node-gyp compiles against the image's own Node headers instead of downloading them.
ENV npm_config_nodedir=/usr/local
WORKDIR /app

# --- Production dependencies only (what the runtime stage copies).
FROM toolchain AS deps
# scripts/ comes with the manifests: package.json's install scripts (postinstall) live there.
COPY package.json package-lock.json .npmrc ./
COPY scripts/ scripts/
RUN --mount=type=secret,id=npm_ca \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --omit=dev --no-audit --no-fund
# What nothing reads at run time (scripts/prune-runtime-modules.mjs says what and why): the
# compiler's leftovers, type declarations, source maps, tests and docs; and, unless NEURAL_RUNTIME=1,
# ONNX Runtime (46 MB): the lean image speaks with eSpeak NG and Flite, and `orator models install`
# says to rebuild with --build-arg NEURAL_RUNTIME=1 for the neural voices.
ARG NEURAL_RUNTIME=0
RUN node scripts/prune-runtime-modules.mjs $([ "$NEURAL_RUNTIME" = 1 ] || echo --without-neural-runtime)

# --- The build: every dependency, then tsc and the playground bundle.
FROM toolchain AS build
COPY package.json package-lock.json .npmrc ./
COPY scripts/ scripts/
RUN --mount=type=secret,id=npm_ca \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --no-audit --no-fund
COPY . .
RUN npm run build && chmod 755 dist/src/start/cli.js

# --- The runtime: Node, the production dependencies and the compiled server; no compiler, no curl.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY package.json THIRD-PARTY-NOTICES ./
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist/src dist/src
COPY --from=build /app/dist/web dist/web
# eSpeak NG's WebAssembly build and its data (scripts/espeak-ng/build.sh made them; never rebuilt here).
COPY vendor/espeak-ng vendor/espeak-ng
# `orator …` on the PATH for `docker exec`; /data owned by the unprivileged user, so a named volume
# mounted there takes that ownership at its first mount.
RUN ln -s /app/dist/src/start/cli.js /usr/local/bin/orator \
 && mkdir -p /data \
 && chown node:node /data
USER node
# The SQLite database, blobs, secret.key and installed models (MODELS_DIR = DATA_DIR/models).
VOLUME /data
EXPOSE 8080
# Node is PID 1 and `orator serve` handles SIGTERM itself: requests in flight finish, running jobs
# get 25 s, then exit 0. Orator starts no child processes, so there are no zombies to reap. Give the
# container a stop timeout above 25 s (compose: stop_grace_period: 30s; docker run --stop-timeout 30).
STOPSIGNAL SIGTERM
# /healthz answers from the moment the server listens, before the warm-up ends (that is /readyz).
HEALTHCHECK --interval=15s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz',{signal:AbortSignal.timeout(8000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# ORATOR_ROLE (all, api, worker) picks the role; `docker run IMAGE accounts list` runs another command.
ENTRYPOINT ["node", "/app/dist/src/start/cli.js"]
CMD ["serve"]
