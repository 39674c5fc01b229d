// The layers of src/, bottom first: the entries (folders, or files at the top of src/) of each.
// Read by .dependency-cruiser.cjs (the rules `npm run lint:layers` checks) and by
// scripts/architecture-graph.mjs (the folder diagram in docs/architecture.md).
'use strict';

const BASE = [
  'errors',
  'config',
  'contract',
  'generated',
  'paging',
  'common',
  'telemetry',
  'paths.ts',
  'logging.ts',
];
const INFRA = ['graph', 'blob'];
/** Bottom first: each domain folder may import only those before it. */
const DOMAIN = [
  'audit',
  'model',
  'catalog',
  'query',
  'parameters',
  'accounts',
  'entities',
  'rawdata',
  'history',
  'sync',
  'alerts',
  'questions',
  'integrations',
  'rules',
  'notifications',
  'health',
  'subscriptions',
];
const ADAPTERS = ['actions', 'queue', 'http', 'sync-client'];
const ROOTS = ['api.ts', 'worker.ts', 'cli.ts', 'compose'];

/** [name, entries] from the bottom layer up. */
const LAYERS = [
  ['base', BASE],
  ['infra', INFRA],
  ['domain', DOMAIN],
  ['adapters', ADAPTERS],
  ['roots', ROOTS],
];

module.exports = { LAYERS, DOMAIN, ADAPTERS };
