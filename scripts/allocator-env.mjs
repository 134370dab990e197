// The C allocator's settings the server runs with (decision 0019), for `npm start` and for the
// benchmarks that start the built server (bench/lib/server.mjs), so both measure the same process.
// glibc gives each thread that allocates its own arena (up to 8 per core) and each keeps its high
// water mark: libvips, decoding the PDF's photos on the threads it and libuv run, left ~8-10 MB in
// each of 8 arenas in one process, whatever the PDF memory budget allowed. Two arenas bound that.
// An operator's own value (or another allocator's settings) wins: these are defaults only.
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2" };

/** `env` with the allocator defaults under it. */
export const withAllocatorDefaults = (env) => ({ ...ALLOCATOR_ENV, ...env });
