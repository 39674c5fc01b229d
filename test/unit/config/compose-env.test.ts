import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { chooseRuntime } from '../../../src/compose/runtime-choice';
import { loadConfig } from '../../../src/config/config';
import { repoRoot } from '../../../src/paths';

/**
 * docker-compose.yml says its containers read the same variables as `npm start`: every variable
 * of the service's configuration reaches the api and worker containers, and compose sets none the
 * service does not know. Resolved as compose would with nothing set in the shell, each container's
 * environment is a valid configuration, and the pass-through defaults are the service's own.
 */

/** What compose sets itself: the service's addresses inside the compose network, and its data. */
const SET_BY_COMPOSE = [
  'NEO4J_URI',
  'NEO4J_USER',
  'NEO4J_PASSWORD',
  'NEO4J_DATABASE',
  'REDIS_URL',
  'DATA_DIR',
  'BLOB_STORE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_PUBLIC_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_REGION',
  'INTEGRATION_SECRETS_KEY',
  'HOST',
  'PORT',
];

/** Not graphsync's: the AWS SDK's credential chain reads them (S3Mock needs some to sign with). */
const READ_BY_THE_AWS_SDK = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

/** The local Neo4j that `npm start` runs; compose runs Neo4j as a container instead. */
const NOT_IN_COMPOSE = ['NEO4J_LOCAL_PORT', 'NEO4J_LOCAL_HEAP', 'NEO4J_LOCAL_PAGECACHE'];

/** The variables loadConfig reads: every name it looks up in the environment it is given. */
function configVariables(): string[] {
  const read = new Set<string>();
  const env = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(env);
  return [...read].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)).sort();
}

/**
 * Compose's interpolation with an empty shell environment: `${VAR:-default}` and `${VAR-default}`
 * give the default, `${VAR}` and `$VAR` nothing, `$$` a literal `$`. Anything else is an error,
 * as it is for compose.
 */
function interpolateUnset(value: string, where: string): string {
  return value.replace(
    /\$(\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}|[A-Za-z_][A-Za-z0-9_]*|.?)/g,
    (whole, rest: string, _name?: string, op?: string, fallback?: string) => {
      if (rest === '$') return '$';
      if (rest.startsWith('{')) return op === undefined ? '' : (fallback ?? '');
      if (/^[A-Za-z_]/.test(rest)) return '';
      throw new Error(`${where}: '${whole}' is not compose interpolation (write $$ for a $)`);
    },
  );
}

interface ComposeService {
  environment?: Record<string, string | number | boolean | null> | string[];
}

/** A service's environment as written (`raw`) and as compose resolves it with nothing set. */
function serviceEnv(service: 'api' | 'worker'): {
  raw: Record<string, string>;
  env: Record<string, string>;
} {
  const text = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
  const compose = parse(text, { merge: true }) as { services: Record<string, ComposeService> };
  const environment = compose.services[service]?.environment;
  assert.ok(environment !== undefined, `the ${service} service has an environment`);
  assert.ok(!Array.isArray(environment), `the ${service} environment is a mapping`);
  const raw = Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]),
  );
  const env = Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      interpolateUnset(value, `${service}.${name}`),
    ]),
  );
  return { raw, env };
}

describe('docker-compose.yml: the containers read the same variables as npm start', () => {
  const variables = configVariables();

  it('finds the configuration variables of the service', () => {
    for (const known of ['NEO4J_URI', 'REDIS_URL', 'QUEUE_PREFIX', 'OUTBOUND_TIMEOUT']) {
      assert.ok(variables.includes(known), `${known} in ${variables.join(', ')}`);
    }
    for (const name of [...SET_BY_COMPOSE, ...NOT_IN_COMPOSE]) {
      assert.ok(variables.includes(name), `${name} is not a configuration variable any more`);
    }
  });

  for (const service of ['api', 'worker'] as const) {
    describe(service, () => {
      const { raw, env } = serviceEnv(service);

      it('passes every configuration variable (except the local Neo4j settings)', () => {
        const missing = variables.filter((v) => !(v in env) && !NOT_IN_COMPOSE.includes(v));
        assert.deepEqual(missing, [], `missing from ${service}.environment`);
      });

      it('sets no variable the configuration does not know, nor the local Neo4j settings', () => {
        const unknown = Object.keys(env).filter(
          (v) =>
            (!variables.includes(v) && !READ_BY_THE_AWS_SDK.includes(v)) ||
            NOT_IN_COMPOSE.includes(v),
        );
        assert.deepEqual(unknown, [], `not configuration variables in ${service}.environment`);
      });

      it('is a valid configuration with nothing set in the shell, in queue mode', () => {
        const config = loadConfig(env);
        assert.equal(chooseRuntime(config).kind, 'queue');
        assert.equal(config.neo4j.uri, 'bolt://neo4j:7687');
        assert.equal(config.dataDir, '/data');
        assert.equal(config.http.host, '0.0.0.0');
        assert.equal(config.http.port, 8080);
        // No shared volume: blobs in the compose S3, secrets under one key in every container.
        assert.deepEqual(config.blobs, {
          store: 's3',
          bucket: 'graphsync',
          region: 'us-east-1',
          endpoint: 'http://s3:9090',
          publicEndpoint: 'http://127.0.0.1:9090',
          forcePathStyle: true,
          keyPrefix: '',
          partSize: 8 * 1024 ** 2,
        });
        assert.equal(config.outbound.secretsKey?.length, 32);
      });

      it('mounts no volume: the api and workers share nothing but Neo4j, Redis and S3', () => {
        const text = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
        const compose = parse(text, { merge: true }) as {
          services: Record<string, { volumes?: unknown[] }>;
        };
        assert.equal(compose.services[service]?.volumes, undefined);
      });

      it("passes the service's own defaults through when nothing is set", () => {
        const composeOnly = Object.fromEntries(
          Object.entries(env).filter(([name]) => SET_BY_COMPOSE.includes(name)),
        );
        assert.deepEqual(loadConfig(env), loadConfig(composeOnly));
      });

      it('takes every other variable from the shell: ${NAME:-default}', () => {
        const notPassed = variables
          .filter((v) => !SET_BY_COMPOSE.includes(v) && !NOT_IN_COMPOSE.includes(v))
          .filter((v) => !new RegExp(`^\\$\\{${v}:-[^}]*\\}$`).test(raw[v] ?? ''))
          .map((v) => `${v}: ${raw[v]}`);
        assert.deepEqual(notPassed, []);
      });
    });
  }
});
