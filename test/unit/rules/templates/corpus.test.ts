import assert from 'node:assert/strict';
import fs from 'node:fs';
import { checkTemplates } from '../../../../src/rules/templates/check-templates';
import { checkWhen, evaluateWhen } from '../../../../src/rules/templates/conditions';
import { renderDeep, renderTemplate } from '../../../../src/rules/templates/render';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';
import { ALERT_RULE_CORPUS } from '../../../helpers/fixtures';

/**
 * Real rules of test/fixtures/corpus/alert-rules.json: every template and condition in the corpus
 * passes the save-time checks, and real templates render exactly, over realistic query results.
 */
interface Rule {
  name?: string;
  templates?: Record<string, string>;
  operations?: Array<{ when?: unknown; actions: Array<Record<string, unknown>> }>;
}

const CORPUS = ALERT_RULE_CORPUS;
const rules = (JSON.parse(fs.readFileSync(CORPUS, 'utf8')) as Array<{ rule: Rule }>).map(
  (e) => e.rule,
);

/** The first rule of that name with operations (or templates, when it has no operations). */
function rule(name: string): Rule {
  const found =
    rules.find((r) => r.name === name && r.operations !== undefined) ??
    rules.find((r) => r.name === name && r.templates !== undefined);
  assert.ok(found, name);
  return found;
}

function operation(r: Rule, index: number) {
  const op = r.operations?.[index];
  assert.ok(op, `${r.name ?? ''} operation ${index}`);
  return op;
}

function action(r: Rule, op: number, type: string): Record<string, unknown> {
  const found = operation(r, op).actions.find((a) => a.type === type);
  assert.ok(found, `${r.name ?? ''} ${type}`);
  return found;
}

/** Whether operation `op` of the rule holds in the context. */
function fires(r: Rule, op: number, context: TemplateContext): Promise<boolean> {
  return evaluateWhen(operation(r, op).when, context);
}

/** One string field of the operation's first action of that type, rendered with the rule's templates. */
function renderField(r: Rule, op: number, type: string, field: string, context: TemplateContext) {
  return renderTemplate(action(r, op, type)[field] as string, context, { templates: r.templates });
}

const vertex = (
  id: string,
  entity: Record<string, unknown>,
  properties: Record<string, unknown>,
) => ({
  id,
  entity,
  properties,
});

/** The two EBS volumes a stored instance of the corpus carries (test-webhook-tony): real list items. */
const VOLUMES = (() => {
  const stored = rules.find((r) => r.name === 'test-webhook-tony');
  const items = stored?.operations?.[0]?.actions.find((a) => a.type === 'FOR_EACH_ITEM')?.items;
  assert.ok(Array.isArray(items) && items.length === 2);
  return items as Array<{
    id: string;
    entity: Record<string, unknown>;
    properties: Record<string, unknown>;
  }>;
})();

const BASE: TemplateContext = {
  alertRuleId: 'r-1',
  alertRuleName: 'rule',
  alertRuleDescription: 'Unencrypted critical data store found',
  alertWebLink: 'https://graphsync.example/alerts/r-1',
  param: { MySpecialProject: 'SEC' },
};

describe('rule templates: the real rules of the corpus', () => {
  it('every template, rule template and condition of the corpus passes the save-time checks', () => {
    let templates = 0;
    let conditions = 0;
    for (const r of rules) {
      const options = { templates: r.templates ?? {} };
      const issues = [
        ...checkTemplates(r.templates ?? {}, { ...options, pointer: '/templates' }),
        ...checkTemplates(r.operations ?? [], { ...options, pointer: '/operations' }),
        ...(r.operations ?? []).flatMap((op, i) =>
          checkWhen(op.when, { ...options, pointer: `/operations/${i}/when` }),
        ),
      ];
      assert.deepEqual(issues, [], r.name);
      templates += JSON.stringify([r.templates, r.operations]).split('{{').length - 1;
      conditions += (r.operations ?? []).length;
    }
    assert.ok(rules.length >= 400, `${rules.length} rules`);
    assert.ok(templates >= 150, `${templates} expressions`);
    assert.ok(conditions >= 40, `${conditions} conditions`);
  });

  it('lambda-function-settings-check-runtime-nodejs610: emailBody over table rows', async () => {
    const r = rule('lambda-function-settings-check-runtime-nodejs610');
    const context: TemplateContext = {
      ...BASE,
      queries: {
        query0: {
          total: 2,
          data: [
            { functionName: 'legacy-auth', version: '$LATEST', account: 'prod', project: 'auth' },
            { functionName: 'img-resize', version: '3', account: 'staging', project: 'media' },
          ],
        },
      },
    };
    assert.equal(await fires(r, 0, context), true);
    const email = (await renderDeep(action(r, 0, 'SEND_EMAIL'), context, {
      templates: r.templates,
    })) as Record<string, unknown>;
    assert.deepEqual(email, {
      type: 'SEND_EMAIL',
      body: 'Affected Functions: <br><br>(1 of 2) [prod] Function Name: legacy-auth<br> (2 of 2) [staging] Function Name: img-resize<br>',
      recipients: ['person1@example.com'],
    });
    const none = { ...context, queries: { query0: { total: 0, data: [] } } };
    assert.equal(await fires(r, 0, none), false);
  });

  describe('Multiple Queries in a Rule (and its Jira variant): one template over two queries', () => {
    const context: TemplateContext = {
      ...BASE,
      queries: {
        query0: {
          total: 2,
          data: [
            { Project: 'graphsync', ProjectFindings: 4 },
            { Project: 'web', ProjectFindings: 1 },
          ],
        },
        query1: { total: 1, data: [{ Project: 'Graph Sync', RepoFindings: 7 }] },
      },
    };

    it('the email body and the OR condition', async () => {
      const r = rule('Multiple Queries in a Rule');
      assert.equal(await fires(r, 0, context), true);
      const onlyQuery1 = {
        ...context,
        queries: { ...context.queries, query0: { total: 0, data: [] } },
      };
      assert.equal(await fires(r, 0, onlyQuery1), true);
      const neither = {
        ...context,
        queries: { query0: { total: 0, data: [] }, query1: { total: 0, data: [] } },
      };
      assert.equal(await fires(r, 0, neither), false);
      assert.equal(
        await renderField(r, 0, 'SEND_EMAIL', 'body', context),
        'Affected Items: <br><br>* Project: graphsync, ProjectFindings: 4, RepoFindings: <br>* Project: web, ProjectFindings: 1, RepoFindings:  / <br>* Project: Graph Sync, ProjectFindings: , RepoFindings: 7',
      );
    });

    it('the Jira ticket: summary and the description inside the ADF document', async () => {
      const r = rule('Multiple Queries in a Rule to Jira Example');
      const ticket = (await renderDeep(action(r, 0, 'CREATE_JIRA_TICKET'), context, {
        templates: r.templates,
      })) as Record<string, unknown>;
      assert.equal(ticket.summary, ': 2');
      assert.deepEqual(ticket.additionalFields, {
        description: {
          type: 'doc',
          version: 1,
          content: [
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text:
                    'https://graphsync.example/alerts/r-1\n\n**Affected Items:**\n\n' +
                    '* Project: graphsync, ProjectFindings: 4, RepoFindings: \n* Project: web, ProjectFindings: 1, RepoFindings:  ' +
                    '\n\n***************\n\n Project: Graph Sync, ProjectFindings: , RepoFindings: 7',
                },
              ],
            },
          ],
        },
      });
    });
  });

  it('Unencrypted critical data stores: list conditions, FOR_EACH_ITEM items and per-item actions', async () => {
    const r = rule('Unencrypted critical data stores');
    const context: TemplateContext = {
      ...BASE,
      alertRuleName: r.name,
      queries: { query0: { total: 2, data: VOLUMES } },
    };
    assert.equal(await fires(r, 0, context), true);
    assert.equal(await fires(r, 1, context), false);
    const many = { ...context, queries: { query0: { total: 101, data: VOLUMES } } };
    assert.equal(await fires(r, 0, many), false);
    assert.equal(await fires(r, 1, many), true);

    const forEach = action(r, 0, 'FOR_EACH_ITEM');
    const items = await renderTemplate(forEach.items as string, context);
    assert.equal(items, VOLUMES);
    const [inner] = forEach.actions as Array<Record<string, unknown>>;
    const tickets = [];
    for (const item of VOLUMES) {
      tickets.push(await renderDeep(inner, { ...context, [forEach.itemRef as string]: item }));
    }
    assert.deepEqual(
      tickets.map((t) => {
        const ticket = t as Record<string, unknown>;
        const doc = ticket.additionalFields as {
          description: { content: Array<{ content: Array<{ text: string }> }> };
        };
        return [
          ticket.summary,
          ticket.entityClass,
          ticket.integrationInstanceId,
          ticket.project,
          doc.description.content[0]?.content[0]?.text,
        ];
      }),
      [
        [
          'Unencrypted critical data store found',
          'aws_ebs_volume',
          '517359f4-db77-4193-b434-5caef67446de',
          'SEC',
          'https://graphsync.example/alerts/r-1\n\n**Affected Items:**\n\n* https://console.aws.amazon.com/ec2/v2/home?region=us-east-1#Volumes:search=vol-0efb2b9e057705fb2',
        ],
        [
          'Unencrypted critical data store found',
          'aws_ebs_volume',
          '517359f4-db77-4193-b434-5caef67446de',
          'SEC',
          'https://graphsync.example/alerts/r-1\n\n**Affected Items:**\n\n* https://console.aws.amazon.com/ec2/v2/home?region=us-east-1#Volumes:search=vol-02c9440de6a4e8218',
        ],
      ],
    );
    assert.equal(
      await renderField(r, 1, 'SEND_EMAIL', 'body', many),
      'The alert rule Unencrypted critical data stores has 101 results. Please review the results in the JupiterOne app: https://graphsync.example/alerts/r-1.',
    );
  });

  it('slack-alert-test: slackBody reads item.displayName from entity-shaped items', async () => {
    const r = rule('slack-alert-test');
    const context: TemplateContext = { ...BASE, queries: { query0: { total: 2, data: VOLUMES } } };
    assert.equal(await fires(r, 0, context), true);
    assert.equal(
      await renderField(r, 0, 'SEND_SLACK_MESSAGE', 'body', context),
      'JupiterOne Account: vol-0efb2b9e057705fb2\n\n JupiterOne Account: vol-02c9440de6a4e8218\n\n',
    );
  });

  it('watchTowr-attack-path-1: TAG_ENTITIES reads the first row (the first-element quirk)', async () => {
    const r = rule('watchTowr-attack-path-1');
    const row = (n: number) => ({
      finding: vertex(
        `f${n}`,
        { _type: ['watchtowr_finding'], displayName: `finding ${n}` },
        { severity: 'high' },
      ),
      vulnerableAsset: vertex(
        `ip${n}`,
        { _type: ['watchtowr_ipaddress'], displayName: `10.0.0.${n}` },
        {},
      ),
      criticalAsset: vertex(
        `db${n}`,
        { _type: ['aws_rds_instance'], displayName: `db-${n}` },
        { 'tag.CriticalAsset': true, 'tag.BusinessImpact': 'high', 'tag.Owner': 'data-team' },
      ),
    });
    const context: TemplateContext = {
      ...BASE,
      queries: { query0: { total: 2, data: [row(1), row(2)] } },
    };
    assert.equal(await fires(r, 0, context), true);
    const tag = (await renderDeep(action(r, 0, 'TAG_ENTITIES'), context)) as {
      entities: unknown;
      tags: Array<{ name: string; value: unknown }>;
    };
    assert.deepEqual(tag.entities, [row(1).finding]);
    assert.deepEqual(
      tag.tags.map((t) => [t.name, t.value]),
      [
        ['attackPath', (action(r, 0, 'TAG_ENTITIES').tags as Array<{ value: string }>)[0]?.value],
        ['vulnerableAssetDisplayName', '10.0.0.1'],
        ['vulnerableAssetId', 'ip1'],
        ['criticalAssetDisplayName', 'db-1'],
        ['criticalAssetId', 'db1'],
        // `criticalAsset.tag.BusinessImpact`: a vertex has no `tag` key (the property is the flat
        // `properties['tag.BusinessImpact']`), so the value is undefined, as the rule is written.
        ['criticalAssetBusinessImpact', undefined],
        ['criticalAssetOwner', undefined],
      ],
    );
  });

  it('jupiterone-integration-failures: emailBody and slackBody over integration entities', async () => {
    const r = rule('jupiterone-integration-failures');
    const integration = (n: number, type: string) =>
      vertex(
        `v${n}`,
        { _type: ['jupiterone_integration'], _class: ['Service'], displayName: `${type} prod` },
        { id: `inst-${n}`, integrationType: type, status: 'FAILED', pollingInterval: 'ONE_DAY' },
      );
    const context: TemplateContext = {
      ...BASE,
      queries: { query0: { total: 2, data: [integration(1, 'aws'), integration(2, 'github')] } },
    };
    const options = { templates: r.templates };
    assert.equal(
      await renderTemplate(
        "{{queries.query0.data | mapTemplate('emailBody') | join('')}}",
        context,
        options,
      ),
      '(1 of 2) <br><b>aws prod</b><br>---<br><b>Integration:</b>aws<br><b>InstanceId:</b> inst-1<br><b>Status:</b> FAILED<br><b>PollingInterval:</b> ONE_DAY<br><b>URL:</b> https://apps.us.jupiterone.io/integrations/aws/inst-1/jobs<br><br>' +
        '(2 of 2) <br><b>github prod</b><br>---<br><b>Integration:</b>github<br><b>InstanceId:</b> inst-2<br><b>Status:</b> FAILED<br><b>PollingInterval:</b> ONE_DAY<br><b>URL:</b> https://apps.us.jupiterone.io/integrations/github/inst-2/jobs<br><br>',
    );
    assert.deepEqual(
      await renderTemplate(
        "{{queries.query0.data[.properties.integrationType == 'github'] | mapTemplate('slackBody')}}",
        context,
        options,
      ),
      [
        '(1 of 1) \n*github prod*\n---\n*Integration:* github\n*InstanceId:* inst-2\n*Status:* FAILED\n *PollingInterval:* ONE_DAY\n *URL:* https://apps.us.jupiterone.io/integrations/github/inst-2/jobs \n\n',
      ],
    );
  });

  it('oliver-test-email-dkim: emailBody over table rows joined by spaces', async () => {
    const r = rule('oliver-test-email-dkim');
    const context: TemplateContext = {
      ...BASE,
      queries: {
        query0: {
          total: 2,
          data: [
            { name: 'example.com', value: 'v=DKIM1; k=rsa' },
            { name: 'mail.example.com', value: 'v=DKIM1; p=' },
          ],
        },
      },
    };
    assert.equal(await fires(r, 0, context), true);
    assert.equal(
      await renderField(r, 0, 'SEND_EMAIL', 'body', context),
      'Affected Items: <br><br> (1 of 2) [example.com] v=DKIM1; k=rsa<br>   (2 of 2) [mail.example.com] v=DKIM1; p=<br>',
    );
  });

  it('tony-5 and Test-Ramirez: their templates reproduce the bodies the original service stored', async () => {
    // The stored instances keep the rule templates but only the rendered bodies; the body
    // template here is the docs' form ("Affected Items: <br><br>* {{ ... | join('<br>* ') }}").
    const body =
      "Affected Items: <br><br>* {{ queries.query0.data | mapTemplate('%s') | join('<br>* ') }}";
    const tony = rule('tony-5');
    const finding = vertex(
      'f1',
      { _type: ['aws_inspector_finding'], displayName: 'ssh root' },
      {
        severity: 'medium',
        description:
          'This rule helps determine whether the SSH daemon is configured to permit logging in to your EC2 instance as root.',
        open: true,
      },
    );
    assert.equal(
      await renderTemplate(
        body.replace('%s', 'tempMap'),
        { ...BASE, queries: { query0: { total: 1, data: [finding] } } },
        {
          templates: tony.templates,
        },
      ),
      action(tony, 0, 'SEND_EMAIL').body,
    );
    const ramirez = rule('Test-Ramirez');
    const people = [
      { email: 'tony.ramirez@jupiterone.com', name: 'Tony Ramirez' },
      { email: 'crystal.ramirez@jupiterone.com', name: 'Crystal Ramirez' },
    ];
    assert.equal(
      await renderTemplate(
        body.replace('%s', 'mapTemp'),
        { ...BASE, queries: { query0: { total: 2, data: people } } },
        {
          templates: ramirez.templates,
        },
      ),
      action(ramirez, 0, 'SEND_EMAIL').body,
    );
  });

  it('the compact-pack default conditions (docs/guide/rules.md, "Rule packs"), both versions', async () => {
    const some: TemplateContext = { queries: { query0: { total: 1, data: [{}] } } };
    const none: TemplateContext = { queries: { queryBAD: { total: 4, data: [] } } };
    for (const condition of [
      '{{queries.query0.total > 0}}',
      ['AND', ['queries.query0.total', '>', 0]],
    ]) {
      const when = { type: 'FILTER', condition };
      assert.equal(await evaluateWhen(when, some), true);
      assert.equal(await evaluateWhen(when, none), false);
    }
  });
});
