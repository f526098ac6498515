/**
 * How the production server process is started: by `npm start`, and by the
 * benches that measure it, so they measure what runs (decision 0055). Node
 * flags and environment that only take effect at process start.
 */

/**
 * V8's young generation otherwise grows to 128 MB during the busy start-up and
 * keeps it. `--expose-gc`: the server collects start-up's garbage once it is
 * ready (src/server/nitro-lifecycle.ts), not whenever V8 finds it idle.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--expose-gc']

/**
 * glibc's allocator otherwise keeps what compiling PGlite's wasm took at
 * start (hundreds of MB, freed at once): large blocks are mapped and given
 * back, and two arenas replace one per thread. Ignored elsewhere (musl).
 */
export const SERVER_MALLOC_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
}
