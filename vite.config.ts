import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), refuseServerCodeInBrowser()],
  build: { assetsInlineLimit: 0 },
});
