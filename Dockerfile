# Parla in a container: `docker build -t parla .`; see compose.yaml and README "Production" for running it.
# Build stage: compiles the TypeScript to dist/ (npm run build), then keeps only the runtime dependencies; better-sqlite3
# compiles its native module here, so the final image needs no compiler.
FROM node:22-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/copy-assets.mjs ./scripts/
COPY src ./src
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force

FROM node:22-bookworm-slim
# git for component repositories (ssh for ssh:// remotes), gettext for msgfmt/msgmerge/msgcat (MO files, add-ons).
RUN apt-get update \
 && apt-get install -y --no-install-recommends git openssh-client gettext ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /home/parla --uid 10001 parla \
 && mkdir /data && chown parla:parla /data
WORKDIR /app
# The build and its runtime dependencies, without the TypeScript sources: bin/parla.mjs runs dist/ (no tsx).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The UI's message catalogs, read next to dist/ (dist/ui/../../locale).
COPY locale ./locale
COPY bin ./bin
ENV NODE_ENV=production \
    PARLA_HOST=0.0.0.0 \
    PARLA_PORT=8000 \
    PARLA_DATA_DIR=/data
USER parla
VOLUME ["/data"]
EXPOSE 8000
# Liveness with node (the image has no curl): `serve` answers /healthz on PARLA_PORT, `worker` on PARLA_WORKER_HEALTH_PORT
# when that is set (without it the worker has no probe: set it, or give the container a health check of its own).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PARLA_WORKER_HEALTH_PORT || process.env.PARLA_PORT || 8000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini reaps git's child processes and passes SIGTERM on, so `serve` and `worker` shut down cleanly.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/parla.mjs", "serve"]
