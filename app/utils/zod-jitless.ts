import { z } from "zod/mini";

/**
 * Zod compiles a faster parser with `new Function` unless told `jitless`, and probes for it when
 * its first object schema is built; our Content-Security-Policy refuses eval, and the browser
 * reports even the refused probe. Every module that builds schemas the browser runs imports this
 * first, so the setting is made before the first schema.
 */
z.config({ jitless: true });
