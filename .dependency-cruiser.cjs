/**
 * The layers of src/, checked by `npm run lint` (`depcruise src`).
 *
 * Domains stand on a ladder, lowest first; a domain imports its own files and
 * the rungs below it, never a domain on its own rung or above. `server/` is the
 * platform and `db/` sits under it; neither imports a domain. The composition
 * root (`app-jobs.server.ts`, `reactions.server.ts`, `seed/`, routes) may
 * import anything.
 */
const ladder = [
  ['catalogue'],
  ['billing'],
  ['groups'],
  ['library'],
  ['sharing', 'feed', 'growth', 'transfer'],
  ['notifications', 'overview', 'search'],
  ['auth', 'support', 'appearance', 'marketing', 'legal', 'dev'],
]

// A test may set up its world from any layer; the domain ladder holds for tests too.
const testFiles = '\\.test\\.tsx?$'

const domainRules = ladder.map((rung, index) => {
  const below = ladder.slice(0, index).flat()
  return {
    name: `rung-${index + 1}-imports-only-lower-rungs`,
    comment: `${rung.join(', ')} may import only ${below.length ? below.join(', ') : 'no other domain'}.`,
    severity: 'error',
    from: { path: `^src/features/(${rung.join('|')})/` },
    to: {
      path: '^src/features/([^/]+)/',
      pathNot: [`^src/features/$1/`, ...below.map((domain) => `^src/features/${domain}/`)],
    },
  }
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...domainRules,
    {
      name: 'every-domain-on-the-ladder',
      comment: 'A new folder under src/features/ needs its rung in the ladder above.',
      severity: 'error',
      from: {
        path: '^src/features/',
        pathNot: `^src/features/(${ladder.flat().join('|')})/`,
      },
      to: {},
    },
    {
      name: 'platform-imports-no-domain',
      comment:
        'components/, lib/, server/ and config/ serve every domain, so they import none; a reaction goes through the composition root.',
      severity: 'error',
      from: { path: '^src/(components|lib|server|config)/', pathNot: testFiles },
      to: { path: '^src/(features|seed)/' },
    },
    {
      name: 'db-imports-nothing-above-it',
      comment: 'db/ holds the schema and the client: it imports only itself, lib/ and config/.',
      severity: 'error',
      from: { path: '^src/db/', pathNot: testFiles },
      to: { path: '^src/', pathNot: '^src/(db|lib|config)/' },
    },
    {
      name: 'reactions-only-through-the-root',
      comment:
        'Below the composition root only reactions.server.ts is imported: it lists every cross-domain reaction.',
      severity: 'error',
      from: { path: '^src/(features|server|components|lib|config|db)/', pathNot: testFiles },
      to: {
        path: '^src/[^/]+\\.tsx?$|^src/(routes|seed)/',
        pathNot: '^src/reactions\\.server\\.ts$',
      },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (type-only imports included; the generated route tree aside).',
      severity: 'error',
      from: { pathNot: '^src/routeTree\\.gen\\.ts$' },
      to: { circular: true, viaOnly: { pathNot: '^src/routeTree\\.gen\\.ts$' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
// Read by the ladder's own test and by docs: not part of dependency-cruiser's schema.
Object.defineProperty(module.exports, 'ladder', { value: ladder, enumerable: false })
