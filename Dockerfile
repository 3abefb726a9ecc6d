# The site for production: Node 24 LTS, the server compiled to JavaScript, production packages
# only, a non-root user, DATA_DIR on a volume. `docker build -t restoration .`, then see
# compose.yaml and docs/deploy.md. The build runs scripts/container/build.sh, which CI also runs.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN sh scripts/container/build.sh

FROM node:${NODE_VERSION}-bookworm-slim
# tini as PID 1 passes SIGTERM on to node and reaps children; node itself drains and exits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data \
  && chown node:node /data
WORKDIR /app
# MALLOC_ARENA_MAX: glibc's per-thread arenas keep what sharp/libvips freed; two keep resident
# memory well lower while photos are previewed (docs/deploy.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: a database outage makes the site unready (/readyz), never a container to restart.
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/node/server.js"]
