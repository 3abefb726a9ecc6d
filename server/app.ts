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
import { createAuth } from "#app/features/auth/auth.server.ts";
import { readContentVersion } from "#app/features/site/content-version.server.ts";
import { checkHealth } from "./health.ts";
import type { HeicDecoder } from "./heic-decoder.ts";
import { errorWithoutPersonalData, type Logger } from "./logger.ts";
import { brotliQuality, createPageCache, servePageCacheHit, throttledVersionReader } from "./page-cache.ts";
import { createPageHandler } from "./pages.ts";
import { privatePages, sameOriginWrites } from "./request-guards.ts";
import { securityHeaders } from "./security-headers.ts";
import { precompressedAssets } from "./static-assets.ts";
import type { ObjectStorage } from "./storage.ts";

export interface AppDependencies {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  storage: ObjectStorage;
  heicDecoder: HeicDecoder;
  notifyOutbox: () => void;
  /** In development, Vite serves the assets and compiles the app on demand. */
  viteDevServer?: ViteDevServer;
  /** Set while the server drains: responses ask keep-alive clients to go away. */
  isShuttingDown: () => boolean;
}

const clientBuildDirectory = path.resolve("build/client");

export function createApp({ config, logger, database, storage, heicDecoder, notifyOutbox, viteDevServer, isShuttingDown }: AppDependencies): RequestListener {
  const app = express();
  // Rendered public pages, per instance, for the content version of the moment (read at most
  // every 200 ms, so a save shows everywhere within a second). Not in development: code changes.
  const pageCache = viteDevServer ? undefined : createPageCache(throttledVersionReader(() => readContentVersion(database.db)));
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
      // Paths only: query strings may carry what a visitor typed.
      serializers: {
        req: (request: { method: string; url: string }) => ({ method: request.method, path: request.url.split("?")[0] }),
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
  app.use(securityHeaders({ https: config.https, development: Boolean(viteDevServer) }));
  app.use(privatePages());
  app.use(sameOriginWrites(config.publicUrl));
  app.use(boundedBodies());
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } } }));

  app.get("/healthz", async (_request, response) => {
    const health = await checkHealth(database);
    response.status(health.status).set("Cache-Control", "no-store").json(health);
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
    build = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
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
    app.use(express.static(clientBuildDirectory, { maxAge: "1h", index: false }));
    build = () => import(path.resolve("build/server/index.js")) as Promise<ServerBuild>;
  }

  app.all(
    "/{*path}",
    createPageHandler({
      build,
      mode: config.mode === "development" ? "development" : "production",
      https: config.https,
      cache: pageCache,
      getLoadContext: (request): AppLoadContext => ({
        db: database.db,
        auth,
        logger: request.log,
        storage,
        heicDecoder,
        notifyOutbox,
        mailDelivery: config.smtpUrl ? "smtp" : "file",
        webhookEnabled: config.webhook !== undefined,
        publicUrl: config.publicUrl,
        clientId: createHmac("sha256", config.sessionSecret).update(request.ip ?? "unknown").digest("hex").slice(0, 32),
        formStartSecret: config.sessionSecret,
      }),
    }),
  );
  if (!pageCache) return app;
  // Cached pages skip Express altogether (a third of the work per request); they are still logged.
  return (request, response) => {
    if (isShuttingDown() || !servePageCacheHit(pageCache, request, response)) return void app(request, response);
    if (logger.isLevelEnabled("info")) {
      logger.info({ req: { method: request.method, path: request.url?.split("?", 1)[0] }, res: { status: response.statusCode }, cache: "hit" }, "request completed");
    }
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && error.status === 404;
}
