type Closer = () => Promise<void>

declare global {
  // The nitro plugin is bundled apart from the app, so the two meet on globalThis.
  var __tubefoldClosers: Closer[] | undefined
}

/** Registers work to finish before the process exits (database handles, mail pools). */
export function onShutdown(closer: Closer) {
  globalThis.__tubefoldClosers ??= []
  globalThis.__tubefoldClosers.push(closer)
}

export async function runShutdown() {
  const closers = globalThis.__tubefoldClosers ?? []
  globalThis.__tubefoldClosers = []
  await Promise.allSettled(closers.map((close) => close()))
}
