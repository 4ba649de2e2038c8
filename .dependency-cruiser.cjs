/**
 * The import rules: the parts of the codebase and the arrows that must never exist between them.
 * Checked by `npm run lint` (and so by `npm test`). STYLE.md: imports point one way.
 */
const FEATURES = '(accounts|ads|affiliate|audit|cli|cluster|demo|facts|jobs|jumptest|landing|links|mail|orders|publish|tracking|promotion|dashboard|admin|udsmart|exports|reports)';
module.exports = {
  forbidden: [
    { name: 'console-to-server', severity: 'error', comment: 'The browser never imports server code.', from: { path: '^src/(console|islands|pages|layouts)/' }, to: { path: '^src/server/' } },
    { name: 'shared-is-a-leaf', severity: 'error', comment: 'src/shared imports nothing of the product but itself.', from: { path: '^src/shared/' }, to: { path: '^src/', pathNot: '^src/shared/' } },
    { name: 'kernel-imports-no-feature', severity: 'error', comment: 'The kernel is imported by everything and imports no feature.', from: { path: '^src/server/kernel/' }, to: { path: '^src/server/', pathNot: '^src/server/(kernel|db)/' } },
    { name: 'db-imports-no-feature-code', severity: 'error', comment: 'The database layer knows feature tables (types only), never feature code.', from: { path: '^src/server/db/' }, to: { path: `^src/server/${FEATURES}/`, dependencyTypesNot: ['type-only'] } },
    { name: 'connectors-know-no-sandbox', severity: 'error', comment: 'Real code must not know the sandbox exists.', from: { path: '^src/server/connectors/' }, to: { path: '^src/server/sandbox/' } },
    { name: 'connectors-know-no-feature', severity: 'error', comment: 'Connectors speak protocols; features call them.', from: { path: '^src/server/connectors/' }, to: { path: `^src/server/${FEATURES}/` } },
    { name: 'sandbox-is-outside', severity: 'error', comment: 'The sandbox imports nothing of the product but shared types.', from: { path: '^src/server/sandbox/' }, to: { path: '^src/server/', pathNot: '^src/server/sandbox/' } },
    { name: 'only-the-wiring-knows-the-sandbox', severity: 'error', comment: 'Only the process wiring (boot, main, demo) and tests may import the sandbox.', from: { path: '^src/server/', pathNot: '^src/server/(sandbox|boot\\.ts|main\\.ts|wiring|demo|cli)' }, to: { path: '^src/server/sandbox/' } },
    { name: 'no-other-features-store', severity: 'error', comment: "A feature reads another feature's data through that feature's service or lookup, never its store.", from: { path: `^src/server/${FEATURES}/` }, to: { path: `^src/server/${FEATURES}/store`, pathNot: '^src/server/$1/' } },
    { name: 'ui-imports-no-app-or-feature', severity: 'error', comment: 'The console kit is used by features and the shell, and uses neither.', from: { path: '^src/console/ui/' }, to: { path: '^src/console/(app|features|layout)/' } },
    { name: 'lib-imports-no-app-or-feature', severity: 'error', comment: 'Console lib is below app, layout and features.', from: { path: '^src/console/lib/' }, to: { path: '^src/console/(app|features|layout)/' } },
    { name: 'features-import-no-app', severity: 'error', comment: 'Features get session and shell state from lib/, not from app/.', from: { path: '^src/console/features/' }, to: { path: '^src/console/app/' } },
    { name: 'no-circular', severity: 'error', comment: 'No import cycles.', from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^node_modules|^dist|\\.astro/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
