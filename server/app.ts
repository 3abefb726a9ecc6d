import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { createHmac } from "node:crypto";
import type { RequestListener } from "node:http";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import { pinoHttp } from "pino-http";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { boundedBodies } from "./body-limits.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { createAuth, staffCookiePrefix } from "#app/features/auth/auth.server.ts";
import { currentAccount } from "#app/features/auth/guard.server.ts";
import { readContentVersion } from "#app/features/site/content-version.server.ts";
import { backupEndpoint, backupPath } from "./backup.ts";
import { beforeHead } from "./before-head.ts";
import type { CacheHitLog } from "./cache-hits.ts";
import { createReadinessCheck, createSiteHealthCheck } from "./health.ts";
import type { HeicPreviewMaker } from "./heic-previews.ts";
import type { LiveHub } from "./live-events.ts";
import { createLiveStream, liveStreamPath } from "./live-stream.ts";
import { errorWithoutPersonalData, type Logger } from "./logger.ts";
import { brotliQuality, createPageCache, servePageCacheHit, throttledVersionReader } from "./page-cache.ts";
import { createPageHandler } from "./pages.ts";
import { privatePages, sameOriginWrites } from "./request-guards.ts";
import { assignRequestId, requestIdOf } from "./request-id.ts";
import { securityHeaders } from "./security-headers.ts";
import { precompressedAssets } from "./static-assets.ts";
import type { ObjectStorage } from "./storage.ts";

export interface AppDependencies {
  config: Config;
  logger: Logger;
  /** Where cached pages sent are counted, instead of a log line each. */
  cacheHits: CacheHitLog;
  database: DatabaseHandle;
  storage: ObjectStorage;
  heicPreviews: HeicPreviewMaker;
  notifyOutbox: () => void;
  /** Changes to the requests, as they commit on any instance, for the admin pages' live stream. */
  liveHub: LiveHub;
  /** Whether the outbox worker is running, for readiness. */
  outboxRunning: () => boolean;
  /** Resolves when the mail server answers (the dashboard's status card). */
  checkMail: () => Promise<void>;
  /** In development, Vite serves the assets and compiles the app on demand. */
  viteDevServer?: ViteDevServer;
  /** Set while the server drains: responses ask keep-alive clients to go away. */
  isShuttingDown: () => boolean;
  /** The built browser files: `build/client` unless a test has its own. */
  clientBuildDirectory?: string;
}

/** Polled every few seconds by load balancers: their answers are not logged, readiness changes are. */
const probePaths = new Set(["/livez", "/readyz", "/healthz"]);

export function createApp({
  config,
  logger,
  cacheHits,
  database,
  storage,
  heicPreviews,
  notifyOutbox,
  liveHub,
  outboxRunning,
  checkMail,
  viteDevServer,
  isShuttingDown,
  clientBuildDirectory = path.resolve("build/client"),
}: AppDependencies): RequestListener {
  const app = express();
  // Rendered public pages, per instance, for the content version of the moment (read at most
  // every 200 ms, the last value answering 300 ms more while the next read is under way, so a save
  // shows everywhere within a second; at once on the instance that saved). Not in development: code changes.
  const contentVersion = throttledVersionReader(() => readContentVersion(database.db), { maxAgeMs: 200, staleWhileReadingMs: 300 });
  const pageCache = viteDevServer ? undefined : createPageCache(contentVersion, { sessionCookiePrefix: staffCookiePrefix });
  const auth = createAuth({
    db: database.db,
    logger,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    https: config.https,
    notifyOutbox,
  });
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxyHops || false);

  app.use(
    pinoHttp({
      logger,
      genReqId: assignRequestId,
      autoLogging: { ignore: (request) => probePaths.has(request.url?.split("?", 1)[0] ?? "") },
      // Paths only: query strings may carry what a visitor typed. Every line of `request.log` (the
      // loaders' logger) carries this, the request id included.
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, path: request.url.split("?")[0] }),
        res: (response: { statusCode: number }) => ({ status: response.statusCode }),
        err: errorWithoutPersonalData,
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? "error" : response.statusCode >= 400 ? "warn" : "info",
    }),
  );
  app.use((_request, response, next) => {
    if (isShuttingDown()) response.setHeader("Connection", "close");
    next();
  });
  // Content is only changed by staff: after a staff write, this instance's next page reads the version afresh.
  // Told as the answer's head is written, once the change is committed and before the client can ask again.
  app.use((request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.path.startsWith("/admin")) beforeHead(response, () => contentVersion.expire());
    next();
  });
  app.use(securityHeaders({ https: config.https, development: Boolean(viteDevServer) }));
  app.use(privatePages());
  app.use(sameOriginWrites(config.publicUrl));
  app.use(boundedBodies());
  // Before compression, which would hold events back.
  const liveStream = createLiveStream({
    hub: liveHub,
    authorize: async (headers) => {
      const account = await currentAccount(new Request(config.publicUrl, { headers }), { auth });
      if (!account) return { refused: 401 };
      return account.role === "editor" || account.role === "admin" ? { userId: account.id } : { refused: 403 };
    },
  });
  app.get(liveStreamPath, liveStream.handler);
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } } }));

  // Liveness: the process answers. Readiness: it can serve (`/healthz` is its older name).
  const readiness = createReadinessCheck({ database, storage, outboxRunning, logger });
  const siteHealth = createSiteHealthCheck({ readiness, checkMail, mailConfigured: Boolean(config.smtpUrl) });
  app.get("/livez", (_request, response) => {
    response.set("Cache-Control", "no-store").json({ status: 200 });
  });
  app.get(["/readyz", "/healthz"], async (_request, response) => {
    const ready = await readiness();
    response.status(ready.status).set("Cache-Control", "no-store").json(ready);
  });
  app.post(backupPath, backupEndpoint({ database, secret: config.sessionSecret }));

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import(path.resolve("build/server/index.js")) as Promise<ServerBuild>;
  const renderPage = createPageHandler({
    build,
    mode: config.mode === "development" ? "development" : "production",
    https: config.https,
    cache: pageCache,
    getLoadContext: (request): AppLoadContext => ({
      db: database.db,
      auth,
      logger: request.log,
      storage,
      heicPreviews,
      notifyOutbox,
      vapidPublicKey: config.vapid?.publicKey ?? null,
      siteHealth,
      mailDelivery: config.smtpUrl ? "smtp" : "file",
      webhookEnabled: config.webhook !== undefined,
      publicUrl: config.publicUrl,
      clientId: createHmac("sha256", config.sessionSecret).update(request.ip ?? "unknown").digest("hex").slice(0, 32),
      formStartSecret: config.sessionSecret,
    }),
  });

  // An address that cannot be decoded (`/%E0%A4%A`) goes straight to the pages, which answer with the
  // site's own "not found" page and its phone number: the static files and Express's router would
  // answer with a bare 400 of their own.
  app.use((request, response, next) => (isDecodable(request.path) ? next() : renderPage(request, response, next)));
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Hashed file names change with their content, so browsers may keep them for good.
    app.use(
      "/assets",
      precompressedAssets(path.join(clientBuildDirectory, "assets")),
      express.static(path.join(clientBuildDirectory, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
      // A missing asset is an ordinary 404 (an old page asking for a replaced file), not a server error.
      (error: unknown, _request: Request, response: Response, next: NextFunction) => {
        if (!isNotFound(error)) return next(error);
        response.status(404).type("text/plain").send("Not found");
      },
    );
    // No redirect for a folder: `/admin` is the dashboard, not the folder of its manifest and service worker.
    app.use(express.static(clientBuildDirectory, { maxAge: "1h", index: false, redirect: false }));
  }
  app.all("/{*path}", renderPage);
  if (!pageCache) return app;
  // Cached pages skip Express altogether: the hit is answered before any middleware, with the
  // stored headers (security headers and CSP included) and its request id, and counted rather
  // than logged (`countCacheHits`). Probes are never in the cache, so they never read the content version.
  return (request, response) => {
    const id = requestIdOf(request);
    const page = isShuttingDown() ? undefined : servePageCacheHit(pageCache, request, response, id);
    if (page) return cacheHits.record(id, request.method, page.key);
    // pino-http keeps the id the request already has.
    Object.assign(request, { id });
    response.setHeader("X-Request-Id", id);
    app(request, response);
  };
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && error.status === 404;
}
