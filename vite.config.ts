import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** Server infrastructure must never reach the browser bundle, even by an accidental import. */
function refuseServerCodeInBrowser(): Plugin {
  return {
    name: "refuse-server-code-in-browser",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      const serverOnly = /(^|\/)server\/|\.server(\.tsx?)?$|^#server\//;
      if (importer && serverOnly.test(source) && !importer.includes("node_modules")) {
        throw new Error(`Server-only module "${source}" imported by browser code in ${importer}`);
      }
      return null;
    },
  };
}

/** Brotli and gzip twins of the browser's text assets, compressed once at the highest levels. */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const directory = options.dir ?? "";
      const textFiles = Object.keys(bundle).filter((fileName) => /\.(js|css|svg|json)$/.test(fileName));
      await Promise.all(
        textFiles.map(async (fileName) => {
          const file = path.join(directory, fileName);
          const bytes = await readFile(file);
          await writeFile(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The small modules every public page loads with its shell (company details, links, share tags,
 * icons, stored images, the rating badge's loader, the request button's host, the error page, the page-change
 * announcer, the overlays' scroll lock): one chunk rather than a dozen of a few hundred
 * bytes each, whose own import statements and separate compression cost the first load about 1 KB.
 */
const siteShellModules =
  /[\\/]app[\\/](content[\\/](company|services|seo)\.ts|domain[\\/]media\.ts|components[\\/](site[\\/](use-company|sticky-header)\.ts|site[\\/]error-boundary\.tsx|ui[\\/](icons|stored-image|later|route-announcer)\.tsx|ui[\\/]use-scroll-lock\.ts|marketing[\\/]json-ld\.tsx)|features[\\/](service-request[\\/]request-dialog-host\.tsx|showcase[\\/](rating\.ts|showcase-later\.tsx)))$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), refuseServerCodeInBrowser(), precompressAssets()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "site", test: siteShellModules }] } } },
  },
});
