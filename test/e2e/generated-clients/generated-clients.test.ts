import assert from 'node:assert/strict';
import { GENERATORS, type GeneratorName, isGeneratorName } from '../../../scripts/clients/clients';
import {
  prepareClient,
  type PreparedClient,
  runScenario,
  type ScenarioRun,
  type Stage,
} from '../../helpers/generated-clients';
import {
  deleteTestAccounts,
  freshAccount,
  startTestApi,
  type TestAccount,
  trackAccount,
} from '../../helpers/harness';

/**
 * openapi.yaml as the one contract (issue 21): REST clients generated from it with the standard
 * openapi-generator (typescript-fetch, python, java native; options in clients/<generator>.yaml)
 * must compile and must work against the real service. For each client a small program in its
 * language (scenario.ts, scenario.py, Scenario.java beside this file) runs the same scenario and
 * prints one JSON result per step, which must equal expected(scope) exactly:
 *
 * a DIFF job gets JupiterOne-shaped entities and relationships, is finalized and read back; a
 * J1QL list query and a table query paged one row at a time return every row; a rule is created
 * and evaluated; a rejected upload's 400 is read as the typed error.
 *
 * Generating and compiling take minutes the first time, then come from the cache
 * (node_modules/.cache/graphsync-clients, keyed by the spec's hash). Part of `npm test`;
 * `npm run test:clients` runs it alone. GENERATED_CLIENTS=java,python runs some clients only and
 * GENERATED_CLIENTS=0 none (an inner loop that does not touch the contract).
 * GENERATED_CLIENTS_SPEC=<file> generates the clients from a draft of the spec instead.
 */
const selected = selectedGenerators(process.env.GENERATED_CLIENTS);

/** GENERATED_CLIENTS: unset or `1` (every client), `0` (none) or generator names, `java,python`. */
function selectedGenerators(value: string | undefined): GeneratorName[] {
  if (value === '0') return [];
  if (value === undefined || value === '' || value === '1') return [...GENERATORS];
  const names = value.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !isGeneratorName(n));
  if (unknown.length > 0)
    throw new Error(
      `GENERATED_CLIENTS: unknown generator ${unknown.join(', ')} (1, or some of ${GENERATORS.join(', ')})`,
    );
  return names.filter(isGeneratorName);
}

const host = (n: number, port: number, isPublic: boolean, tags: string[]) => ({
  _key: `gc-host-${n}`,
  _type: ['gc_host'],
  _class: ['Host'],
  displayName: `host-${n}`,
  port,
  public: isPublic,
  tags,
});

function expected(scope: string): Record<string, unknown> {
  return {
    start: { status: 'AWAITING_UPLOADS', source: 'api', scope, syncMode: 'DIFF', done: false },
    entities: { numEntitiesUploaded: 3 },
    relationships: { numRelationshipsUploaded: 2 },
    finalize: { status: 'FINISHED', done: true },
    job: {
      status: 'FINISHED',
      done: true,
      numEntitiesUploaded: 3,
      numEntitiesCreated: 3,
      numRelationshipsUploaded: 2,
      numRelationshipsCreated: 2,
    },
    listQuery: {
      type: 'list',
      totalCount: 2,
      entities: [host(1, 443, true, ['prod', 'web']), host(2, 22, false, ['dev'])],
    },
    tableQuery: {
      type: 'table',
      totalCount: 2,
      pages: 2,
      rows: [
        { 'h.displayName': 'host-1', 'h.port': 443, 'a.displayName': 'app-1' },
        { 'h.displayName': 'host-2', 'h.port': 22, 'a.displayName': 'app-1' },
      ],
    },
    createRule: {
      name: 'gc-hosts',
      version: 1,
      state: null,
      pollingInterval: 'DISABLED',
      queryNames: ['hosts'],
    },
    evaluateRule: {
      status: 'SUCCESS',
      trigger: 'MANUAL',
      queries: [{ name: 'hosts', total: 2, type: 'list' }],
      conditionResult: true,
      actions: [
        ['SET_PROPERTY', 'SUCCESS'],
        ['CREATE_ALERT', 'SUCCESS'],
      ],
      alert: 'OPENED',
    },
    error: { status: 400, code: 'VALIDATION_ERROR', message: '/entities/0/_key is required' },
  };
}

const STEPS = Object.keys(expected(''));

const COMPILE: Record<GeneratorName, string> = {
  'typescript-fetch': 'tsc --strict',
  python: 'py_compile and import',
  java: 'mvn compile',
};

function assertStage(stage: Stage | undefined, what: string): void {
  if (stage === undefined) assert.fail(`${what}: not reached (an earlier stage failed)`);
  if (stage.error !== undefined) assert.fail(stage.error.message);
}

(selected.length > 0 ? describe : describe.skip)(
  'REST clients generated from openapi.yaml',
  function () {
    this.timeout(20 * 60_000);
    let api: Awaited<ReturnType<typeof startTestApi>>;
    const prepared = new Map<GeneratorName, Promise<PreparedClient>>();
    const log = (line: string): void => void process.stderr.write(`      [clients] ${line}\n`);

    before(async () => {
      // Generation, compilation and the service start together; the clients share the two cores.
      for (const g of selected) prepared.set(g, prepareClient(g, log));
      api = await startTestApi();
    });

    after(async () => {
      await api?.close();
    });

    for (const generator of selected.length > 0 ? selected : GENERATORS) {
      describe(generator, () => {
        let client: PreparedClient;
        let account: TestAccount | undefined;
        let scenario: ScenarioRun | undefined;

        before(async () => {
          client = await prepared.get(generator)!;
          for (const [name, stage] of Object.entries({
            generate: client.generate,
            compile: client.compile,
            program: client.program,
          }))
            if (stage !== undefined)
              log(
                `${generator} ${name}: ${stage.seconds.toFixed(1)} s${stage.cached ? ' (cached)' : ''}${stage.error === undefined ? '' : ' FAILED'}`,
              );
          if (client.command === undefined) return;
          account = await freshAccount([], { suiteWide: true });
          scenario = await runScenario(client, {
            url: api.url,
            accountId: account.accountId,
            key: account.key,
            scope: `gc-${generator}`,
          });
          log(`${generator} scenario: ${scenario.seconds.toFixed(1)} s`);
        });

        after(async () => {
          if (account === undefined) return;
          trackAccount(account.accountId);
          await deleteTestAccounts();
        });

        it('is generated by openapi-generator', () => assertStage(client.generate, 'generate'));

        it(`compiles (${COMPILE[generator]})`, () => assertStage(client.compile, 'compile'));

        it('compiles the scenario program against it', () =>
          assertStage(client.program, 'the scenario program'));

        for (const step of STEPS)
          it(`scenario step ${step}`, () => {
            if (scenario === undefined) assert.fail('the scenario program did not run');
            if (scenario.results === undefined) assert.fail(scenario.failure ?? 'no results');
            assert.deepEqual(scenario.results[step], expected(`gc-${generator}`)[step]);
          });
      });
    }
  },
);
