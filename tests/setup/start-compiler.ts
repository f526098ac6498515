import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import type { Plugin, PluginOption } from 'vite'

/*
 * TanStack Start's own Vite plugins, for the integration tests: they compile
 * each `createServerFn` into its server form and provide the request
 * handler's virtual modules, so a test can send a server function a real
 * request (tests/support/wire.ts).
 *
 * One swap: in development Start accepts a function id only once the
 * browser's build has compiled its caller, and no browser build runs here.
 * Every id a test sends comes from the compiled function itself, so the
 * check always passes; the production build checks ids against its manifest.
 */
const VALIDATE_ID = 'virtual:tanstack-start-validate-server-fn-id'
const DEV_ID_CHECK = 'tanstack-start-core:validate-server-fn-id'

function flatten(option: PluginOption): Plugin[] {
  if (Array.isArray(option)) return option.flatMap(flatten)
  return option && typeof option === 'object' && 'name' in option ? [option] : []
}

const everyIdCompiledHere: Plugin = {
  name: 'tubefold:test-server-fn-ids',
  resolveId: (id) => (id.startsWith(VALIDATE_ID) ? `\0${id}` : undefined),
  load: (id) => (id.startsWith(`\0${VALIDATE_ID}`) ? 'export {}' : undefined),
}

export function startPluginsForTests(): Plugin[] {
  const start = flatten(
    tanstackStart({ srcDirectory: 'src', serverFns: { disableCsrfMiddlewareWarning: true } }),
  )
  return [...start.filter((plugin) => plugin.name !== DEV_ID_CHECK), everyIdCompiledHere]
}
