/**
 * Import rules checked by `npm run lint` (dependency-cruiser). Type-only imports count too
 * (tsPreCompilationDeps): a circle of types is still a circle of knowledge between modules.
 */
const layers = require('./apps/server/module-layers.cjs');

const MODULES = 'apps/server/src/modules';
/** Tests and their support files compose modules as the composition root does. */
const TESTS = ['\\.test\\.ts$', '(^|/)test-(support|context)\\.ts$'];
const ordered = layers.flatMap(({ layer, modules }) => modules.map((name) => ({ layer, name })));

/** A module imports only what stands below it: each rule names what one module may not import. */
const layerRules = ordered.map(({ layer, name }, rank) => ({
  name: `layers-${name}`,
  severity: 'error',
  comment: `${name} (${layer}) imports only modules below it in apps/server/module-layers.cjs.`,
  from: { path: `^${MODULES}/${name}/`, pathNot: TESTS },
  to: { path: `^${MODULES}/(${ordered.slice(rank).map((entry) => entry.name).filter((other) => other !== name).join('|')})/` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'module-face',
      severity: 'error',
      comment:
        "Another module is reached through its face, its index.ts (docs/architecture.md); a test may use its test-support too.",
      from: { path: `^${MODULES}/([^/]+)/` },
      to: { path: `^${MODULES}/[^/]+/.`, pathNot: [`^${MODULES}/$1/`, `^${MODULES}/[^/]+/index\\.ts$`, `^${MODULES}/[^/]+/test-(support|context)\\.ts$`] },
    },
    {
      name: 'modules-below-the-root',
      severity: 'error',
      comment: 'Modules never import the composition root that wires them (app.ts, runtime.ts, wiring/, the demo seed, the command-line tools).',
      from: { path: `^${MODULES}/`, pathNot: TESTS },
      to: { path: '^apps/server/src/((app|runtime|main)\\.ts$|(wiring|seed|cli)/)' },
    },
    {
      name: 'lib-and-db-below-the-modules',
      severity: 'error',
      comment: 'lib/ and db/ sit below every module: each module adds its own tables to the typed schema.',
      from: { path: '^apps/server/src/(lib|db)/', pathNot: TESTS },
      to: { path: `^${MODULES}/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circles anywhere (docs/architecture.md#server-modules-in-layers): a module takes what it shares from below (contracts, db, a type file such as deps.ts), never round through the code that composes it.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
