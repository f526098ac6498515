/**
 * The layers of src/, checked by `npm run lint` (`depcruise src`).
 * A feature imports only itself and `groups` (the core); shared layers import
 * no feature; nothing imports in a circle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-itself-and-groups',
      comment:
        'A feature imports only its own files and src/features/groups; compose features in routes.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: ['^src/features/$1/', '^src/features/groups/'],
      },
    },
    {
      name: 'shared-layers-import-no-feature',
      comment:
        'components/, lib/, server/, db/ and config/ serve every feature, so they import none.',
      severity: 'error',
      from: { path: '^src/(components|lib|server|db|config)/' },
      to: { path: '^src/features/' },
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
