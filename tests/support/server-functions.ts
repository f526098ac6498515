/*
 * Every server function of the app, as the Start compiler built it: found by
 * importing each `*.functions.ts` module (the integration project compiles
 * them), not by reading their source.
 */

/** A server function as its declaration types it; compiled, it also carries the id its requests send. */
export type ServerFn = (options: never) => Promise<unknown>

export function isServerFn(value: unknown): value is ServerFn {
  return typeof value === 'function' && 'serverFnMeta' in value && 'method' in value
}

const modules = import.meta.glob<Record<string, unknown>>('/src/**/*.functions.ts', {
  eager: true,
})

/** `src/…/x.functions.ts#name` → the function. */
export function compiledServerFunctions(): Map<string, ServerFn> {
  const found = new Map<string, ServerFn>()
  for (const [path, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isServerFn(value)) found.set(`${path.replace(/^\//, '')}#${name}`, value)
    }
  }
  return found
}
