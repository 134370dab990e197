// The C allocator's settings and the V8 flags the server runs with (decisions 0019, 0037), for
// `npm start` and for the benchmarks that start the built server (bench/lib/server.mjs), so both
// measure the same process.
// glibc gives each thread that allocates its own arena (up to 8 per core) and each keeps its high
// water mark: libvips, decoding the PDF's photos on the threads it and libuv run, left ~8-10 MB in
// each of 8 arenas in one process, whatever the PDF memory budget allowed. Two arenas bound that.
// An operator's own value (or another allocator's settings) wins: these are defaults only.
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2" };

/** `env` with the allocator defaults under it. */
export const withAllocatorDefaults = (env) => ({ ...ALLOCATOR_ENV, ...env });

// The request thread's young generation, capped at 8 MB a semi-space (decision 0037): under a
// steady read load V8 grew it to its maximum (the request thread's heap reached 180-200 MB before
// a PDF burst) and the pages it later gave back stayed resident, ~50 MB of the burst's peak RSS.
// A smaller one is scavenged more often; reads were not slower in the benchmark. NODE_OPTIONS
// naming the flag wins (node applies the command line after it, so it is left out then).
const SEMI_SPACE_FLAG = "--max-semi-space-size";
export const SERVER_NODE_ARGS = [`${SEMI_SPACE_FLAG}=8`];

// SERVER_OPTIMIZE_FOR_SIZE=1 adds V8's --optimize-for-size (decision 0042): for small instances,
// where memory is scarcer than CPU. In bench:scale's PDF burst it took the peak from 357-503 MB to
// 261 MB and cost 8-21 % of the API's throughput. Off by default; V8 refuses the flag in
// NODE_OPTIONS, hence a setting of its own.
const OPTIMIZE_FOR_SIZE = "--optimize-for-size";
const isOn = (value) => ["1", "true", "yes", "on"].includes(String(value ?? "").toLowerCase());

/** The Node flags the server is started with, given the environment it is started in. */
export const serverNodeArgs = (env) => [
  ...(env.NODE_OPTIONS?.includes(SEMI_SPACE_FLAG) ? [] : SERVER_NODE_ARGS),
  ...(isOn(env.SERVER_OPTIMIZE_FOR_SIZE) ? [OPTIMIZE_FOR_SIZE] : []),
];
