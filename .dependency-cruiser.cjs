/**
 * The boundaries of issue 15, checked by `npm test` (`npm run boundaries`): no import circles;
 * web features never import each other or the shell (`app/`); the server's core, database and
 * HTTP layers never import a module; the server imports the simulator only for the demo.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules depend downward only.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'A web feature never imports another feature: what several share lives in components/, api/ or lib/.',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'web-features-below-the-shell',
      severity: 'error',
      comment: 'Features do not reach into the shell (app/): what they need from it lives in lib/.',
      from: { path: '^packages/web/src/features/' },
      to: { path: '^packages/web/src/app/' },
    },
    {
      name: 'server-core-below-modules',
      severity: 'error',
      comment: 'The core (caller, scope, permissions, attempts, jobs) lies beneath the modules and never imports one.',
      from: { path: '^packages/server/src/(core|db|http)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'server-without-simulator',
      severity: 'error',
      comment: 'The server uses the simulator only for the demo: its fleet and the seed of its plants.',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/(demoFleet\\.ts$|seed/demo\\.ts$|.*\\.test\\.ts$|test/)' },
      to: { path: '^packages/simulator/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
