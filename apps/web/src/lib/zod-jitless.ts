// The browser build's "zod" (vite.config.ts aliases it here): the same library with its JIT off.
// Zod compiles object parsers with `new Function` where it may, and probes for that when the first
// object schema is built; our CSP (script-src 'self', no 'unsafe-eval') refuses it, and the refused
// probe is reported as a CSP violation on every screen that loads a schema. The switch runs before
// any schema module's body (each imports this module first), so no object schema ever probes.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { z } from "zod/v4";
