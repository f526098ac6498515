/**
 * Reads every server function declared under src/ from its source: which
 * middleware gates it and which `*.server.ts` exports its handler calls.
 * The unit test checks the gates without a database; the integration tests
 * then prove them over the wire (tests/support/wire.ts), and the
 * authorization matrix uses the calls to know which server functions reach
 * each export of a domain's server modules.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '../..')
const SRC = join(root, 'src')
const MIDDLEWARE_MODULE = '~/server/auth/signed-in.middleware'

export type Gate = 'signedIn' | 'maybeSignedIn' | 'none'

export type ServerFunction = {
  /** Path from the repository root, e.g. `src/features/groups/groups.functions.ts`. */
  file: string
  name: string
  gate: Gate
  /** Exports of `*.server.ts` modules the declaration calls, as `<module path>#<export>`. */
  calls: string[]
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every non-test source file under src/ that mentions `createServerFn(`. */
export function filesDeclaringServerFunctions(): string[] {
  return sourceFiles(SRC)
    .filter((path) => readFileSync(path, 'utf8').includes('createServerFn('))
    .map((path) => relative(root, path))
}

/** Local names imported from the middleware module, so a look-alike local `signedIn` does not count. */
function importedMiddleware(source: string): Set<string> {
  const names = new Set<string>()
  const pattern = /import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g
  for (const match of source.matchAll(pattern)) {
    if (match[2] !== MIDDLEWARE_MODULE) continue
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim()
      if (name && !name.includes(' as ')) names.add(name)
    }
  }
  return names
}

/** Local names bound to `*.server` modules: namespace aliases and named imports. */
function serverImports(source: string, file: string) {
  const namespaces = new Map<string, string>()
  const named = new Map<string, string>()
  const moduleOf = (specifier: string) =>
    specifier.startsWith('~/')
      ? `src/${specifier.slice(2)}`
      : relative(root, resolve(root, file, '..', specifier))
  for (const match of source.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*'([^']+\.server)'/g)) {
    namespaces.set(match[1] ?? '', moduleOf(match[2] ?? ''))
  }
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+\.server)'/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [imported = '', local = imported] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
      if (imported) named.set(local.trim(), `${moduleOf(match[2] ?? '')}#${imported.trim()}`)
    }
  }
  return { namespaces, named }
}

/**
 * The server functions of one file. Each `createServerFn(` must start an
 * `export const name = createServerFn(…)` declaration, or this throws: a
 * declaration the reader cannot see would escape every check.
 */
export function readServerFunctions(file: string): ServerFunction[] {
  return parseServerFunctions(file, readFileSync(join(root, file), 'utf8'))
}

/** readServerFunctions on given source text (`file` names it and resolves its imports). */
export function parseServerFunctions(file: string, source: string): ServerFunction[] {
  const declarations = [...source.matchAll(/export const (\w+) = createServerFn\(/g)]
  const total = source.split('createServerFn(').length - 1
  if (declarations.length !== total) {
    throw new Error(`${file}: ${total - declarations.length} createServerFn( outside the pattern`)
  }
  const middleware = importedMiddleware(source)
  const { namespaces, named } = serverImports(source, file)
  return declarations.map((match, index) => {
    const start = match.index ?? 0
    const end = declarations[index + 1]?.index ?? source.length
    const chain = source.slice(start, end)
    const handlerAt = chain.indexOf('.handler(')
    const used = new Set<string>()
    for (const found of chain.matchAll(/\.middleware\(\[([^\]]*)\]\)/g)) {
      // Middleware attached after the handler never runs before it.
      if (handlerAt >= 0 && (found.index ?? 0) > handlerAt) continue
      for (const name of (found[1] ?? '').split(',')) {
        const trimmed = name.trim()
        if (middleware.has(trimmed)) used.add(trimmed)
      }
    }
    const gate: Gate = used.has('signedIn')
      ? 'signedIn'
      : used.has('maybeSignedIn')
        ? 'maybeSignedIn'
        : 'none'
    const handler = handlerAt >= 0 ? chain.slice(handlerAt) : ''
    const calls = new Set<string>()
    for (const call of handler.matchAll(/\b(\w+)\.(\w+)\(/g)) {
      const module = namespaces.get(call[1] ?? '')
      if (module) calls.add(`${module}#${call[2]}`)
    }
    for (const call of handler.matchAll(/\b(\w+)\(/g)) {
      const target = named.get(call[1] ?? '')
      if (target) calls.add(target)
    }
    return { file, name: match[1] ?? '', gate, calls: [...calls].sort() }
  })
}

/** Every server function under src/. */
export function allServerFunctions(): ServerFunction[] {
  return filesDeclaringServerFunctions().flatMap(readServerFunctions)
}

/** Public reads that show more to a signed-in reader; they take a null actor. */
export const MAYBE_SIGNED_IN: Record<string, string> = {
  'src/features/sharing/sharing.functions.ts#getSharePreview':
    'a view link is previewed without an account (the server refuses edit links to anonymous readers)',
  'src/features/sharing/sharing.functions.ts#getInvitation':
    'the invitee may not have an account yet; the token is the secret',
  'src/features/support/support.functions.ts#sendSupportMessage':
    'contact form, rate limited; only a signed-in sender from their confirmed address gets a receipt',
}

/** No middleware at all: nothing of a user's data behind them. */
export const PUBLIC: Record<string, string> = {
  'src/config/public-config.functions.ts#getPublicConfig': 'public configuration',
  'src/features/auth/auth.functions.ts#register': 'sign-up',
  'src/features/auth/auth.functions.ts#confirmEmail': 'the mailed code is the credential',
  'src/features/auth/session.functions.ts#getSessionUser': 'answers "who is signed in", or null',
  'src/features/auth/session.functions.ts#getDemoHint': 'the sign-in screen hint',
  'src/features/dev/dev.functions.ts#getOutbox': 'dev only: 404 in production',
  'src/features/dev/dev.functions.ts#failOnPurpose': 'dev only: 404 in production',
}

export const expectedGate = (key: string): Gate =>
  key in MAYBE_SIGNED_IN ? 'maybeSignedIn' : key in PUBLIC ? 'none' : 'signedIn'
