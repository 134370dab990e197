// Types for allocator-env.mjs, for the tests that import it.
export declare const ALLOCATOR_ENV: Record<string, string>;
export declare const withAllocatorDefaults: (
  env: Record<string, string | undefined>,
) => Record<string, string | undefined>;
export declare const SERVER_NODE_ARGS: string[];
export declare const serverNodeArgs: (env: Record<string, string | undefined>) => string[];
