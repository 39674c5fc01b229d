import assert from 'node:assert/strict';
import { stringify as toYaml } from 'yaml';
import { type Body } from './lifecycle-helpers';
import {
  accepted,
  csv,
  type Encoding,
  graphOf,
  json,
  type Payload,
  startJob,
  yaml,
} from './formats-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload formats (issue 4) through HTTP on the real Neo4j: JSON, CSV and YAML bodies, plain or
 * compressed, on every upload route, read back from the graph after finalize, all the same graph.
 */

// One data set in every format: numbers, booleans, strings, arrays of each, a multi-class entity.
const ENTITIES: Body[] = [
  {
    _key: 'host-1',
    _type: 'example_host',
    _class: 'Host',
    displayName: 'host-1',
    port: 443,
    ratio: 0.5,
    public: true,
    tags: ['prod', 'web'],
  },
  {
    _key: 'app-1',
    _type: 'example_app',
    _class: ['Application', 'Service'],
    displayName: 'app-1',
    ports: [80, 8080],
    public: false,
  },
];
const RELATIONSHIPS: Body[] = [
  {
    _key: 'host-1|runs|app-1',
    _type: 'example_host_runs_app',
    _class: 'RUNS',
    _fromEntityKey: 'host-1',
    _toEntityKey: 'app-1',
    weight: -2.5,
    primary: true,
  },
];
const ENTITY_CSV = [
  '_key,_type,_class.0,_class.1,displayName,port,ratio,public,tags,ports.0,ports.1',
  'host-1,example_host,Host,,host-1,443,0.5,true,"[""prod"",""web""]",,',
  'app-1,example_app,Application,Service,app-1,,,false,,80,8080',
];
const RELATIONSHIP_CSV = [
  '_key,_type,_class,_fromEntityKey,_toEntityKey,weight,primary',
  'host-1|runs|app-1,example_host_runs_app,RUNS,host-1,app-1,-2.5,true',
];
// Both kinds in one file: relationship rows are told apart by their end columns.
const MIXED_CSV = [
  '_key,_type,_class,displayName,port,ratio,public,tags.0,tags.1,ports,_fromEntityKey,_toEntityKey,weight,primary',
  'host-1,example_host,Host,host-1,443,0.5,true,prod,web,,,,,',
  'host-1|runs|app-1,example_host_runs_app,RUNS,,,,,,,,host-1,app-1,-2.5,true',
  'app-1,example_app,"[""Application"",""Service""]",app-1,,,false,,,"[80,8080]",,,,',
];

const EXPECTED_GRAPH = {
  entities: [
    {
      _key: 'app-1',
      _type: 'example_app',
      labels: ['Application', 'Entity', 'Service', 'example_app'],
      props: { displayName: 'app-1', ports: [80, 8080], public: false },
    },
    {
      _key: 'host-1',
      _type: 'example_host',
      labels: ['Entity', 'Host', 'example_host'],
      props: { displayName: 'host-1', port: 443, ratio: 0.5, public: true, tags: ['prod', 'web'] },
    },
  ],
  relationships: [
    {
      _key: 'host-1|runs|app-1',
      _type: 'example_host_runs_app',
      type: 'RUNS',
      ends: ['host-1', 'app-1'],
      props: { weight: -2.5, primary: true },
    },
  ],
};

interface Variant {
  name: string;
  /** The body for /upload (both kinds at once). */
  all: Payload;
  entities: Payload;
  relationships: Payload;
}

function variant(format: 'json' | 'csv' | 'yaml', encoding: Encoding): Variant {
  const withEncoding = (p: Payload): Payload => ({ ...p, encoding });
  const of = {
    json: {
      all: json({ entities: ENTITIES, relationships: RELATIONSHIPS }),
      entities: json({ entities: ENTITIES }),
      relationships: json({ relationships: RELATIONSHIPS }),
    },
    yaml: {
      all: yaml({ entities: ENTITIES, relationships: RELATIONSHIPS }),
      entities: yaml({ entities: ENTITIES }),
      relationships: yaml({ relationships: RELATIONSHIPS }),
    },
    csv: {
      all: csv(...MIXED_CSV),
      entities: csv(...ENTITY_CSV),
      relationships: csv(...RELATIONSHIP_CSV),
    },
  }[format];
  return {
    name: `${format}${encoding === 'identity' ? '' : ` (${encoding})`}`,
    all: withEncoding(of.all),
    entities: withEncoding(of.entities),
    relationships: withEncoding(of.relationships),
  };
}

const VARIANTS: Variant[] = [
  variant('json', 'identity'),
  variant('json', 'gzip'),
  variant('json', 'br'),
  variant('json', 'deflate'),
  variant('csv', 'identity'),
  variant('csv', 'gzip'),
  variant('csv', 'br'),
  variant('yaml', 'identity'),
  variant('yaml', 'gzip'),
];

forEachBlobStore('sync jobs: upload formats (HTTP, real Neo4j)', () => {
  describe('every format and encoding writes the same graph', () => {
    for (const v of VARIANTS) {
      it(`${v.name} on /upload`, async () => {
        const { jobs, accountId, id } = await startJob();
        const job = await accepted(jobs, id, 'upload', v.all);
        assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
        const done = await jobs.finalize(id);
        assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
        assert.deepEqual(await graphOf(accountId), EXPECTED_GRAPH);
      });

      it(`${v.name} on /entities and /relationships`, async () => {
        const { jobs, accountId, id } = await startJob();
        // Relationships first: their ends are resolved at finalize.
        await accepted(jobs, id, 'relationships', v.relationships);
        const job = await accepted(jobs, id, 'entities', v.entities);
        assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
        const done = await jobs.finalize(id);
        assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
        assert.deepEqual(await graphOf(accountId), EXPECTED_GRAPH);
      });
    }

    it('YAML under text/yaml and application/x-yaml, CSV with a charset and CRLF line ends', async () => {
      const { jobs, accountId, id } = await startJob();
      await accepted(jobs, id, 'entities', {
        type: 'text/yaml',
        text: toYaml({ entities: ENTITIES.slice(0, 1) }),
      });
      await accepted(jobs, id, 'entities', {
        type: 'application/x-yaml',
        text: toYaml({ entities: ENTITIES.slice(1) }),
      });
      await accepted(jobs, id, 'relationships', {
        type: 'text/csv; charset=utf-8',
        text: `${RELATIONSHIP_CSV.join('\r\n')}\r\n`,
      });
      await jobs.finalize(id);
      assert.deepEqual(await graphOf(accountId), EXPECTED_GRAPH);
    });
  });
});
