// The layers of src/ (docs/architecture.md), checked by `npm run lint:layers`.
//
// A folder may import its own files and the folders below it, never one above it:
//
//   roots      src/api.ts, src/worker.ts, src/cli.ts, src/compose/   (wiring: build, start, stop)
//   adapters   src/http/, src/queue/, src/actions/                   (the outside world)
//   domain     scripts/layers.cjs, in order                           (the service's rules)
//   infra      src/graph/, src/blob/                                 (storage)
//   base       src/errors/, src/config/, src/contract/, src/generated/, src/paging/,
//              src/common/, src/paths.ts, src/logging.ts             (helpers and value types)
//
// Domain folders are ordered too, so that no two of them import each other: each may import
// only those listed before it. A contract a higher folder implements for a lower one (a port)
// lives with the lower one, its consumer.
'use strict';

const { LAYERS, DOMAIN, ADAPTERS } = require('./scripts/layers.cjs');

const escape = (name) => name.replace(/\./g, '\\.');
/** The path pattern of some top-level entries of src/ (a folder and its files, or one file). */
const under = (names) => `^src/(${names.map(escape).join('|')})(/|$)`;

const layerRules = LAYERS.slice(0, -1).map(([name], index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layer-${name}`,
    comment: `The ${name} layer imports nothing above it (${above.map(([n]) => n).join(', ')}).`,
    severity: 'error',
    from: { path: under(LAYERS[index][1]) },
    to: { path: under(above.flatMap(([, names]) => names)) },
  };
});

const domainRules = DOMAIN.slice(0, -1).map((name, index) => ({
  name: `domain-order-${name}`,
  comment: `src/${name}/ imports only the domain folders before it (${DOMAIN.slice(0, index).join(', ') || 'none'}).`,
  severity: 'error',
  from: { path: under([name]) },
  to: { path: under(DOMAIN.slice(index + 1)) },
}));

// Two adapters stay apart; each talks to the domain (and the roots wire them together).
const adapterRules = ADAPTERS.map((name) => ({
  name: `adapter-${name}`,
  comment: `src/${name}/ imports no other adapter; the roots wire adapters together.`,
  severity: 'error',
  from: { path: under([name]) },
  to: { path: under(ADAPTERS.filter((other) => other !== name)) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    ...domainRules,
    ...adapterRules,
    {
      name: 'unknown-folder',
      comment:
        'Every entry of src/ belongs to a layer: add a new folder to one in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^src/' },
      to: {
        path: '^src/',
        pathNot: under(LAYERS.flatMap(([, names]) => names)),
      },
    },
    {
      name: 'production-tree',
      comment:
        'src/ is what ships: it never imports the development tools (tools/, e.g. the local Neo4j launcher, which the entry points hand in), tests or scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(tools|test|scripts|bin)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between files.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // Wider than src/ so that an import out of the production tree is seen (production-tree).
    includeOnly: '^(src|tools|test|scripts|bin)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
