import type { RequestHandler } from "express";
import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Serves the build's brotli or gzip twin of an asset (made at build time, at the highest
 * levels) to clients that accept it; anything else falls through to the plain file.
 */
export function precompressedAssets(directory: string): RequestHandler {
  const files = new Set(readdirSync(directory, { recursive: true, encoding: "utf8" }));
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const file = request.path.slice(1);
    const encoding = request.acceptsEncodings("br", "gzip", "identity");
    const twin = encoding === "br" ? `${file}.br` : encoding === "gzip" ? `${file}.gz` : undefined;
    response.setHeader("Vary", "Accept-Encoding");
    if (!twin || !files.has(twin)) return next();
    response.setHeader("Content-Encoding", encoding as string);
    response.type(path.extname(file));
    response.sendFile(twin, { root: directory, immutable: true, maxAge: "1y" }, (error: NodeJS.ErrnoException | undefined) => {
      // A visitor who left before the file was sent is no server error.
      if (error && error.code !== "ECONNABORTED") next(error);
    });
  };
}
