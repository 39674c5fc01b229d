import assert from 'node:assert/strict';
import { alertView, entitiesOfQueries, entityRow } from '../../../src/notifications/alert-view';
import { hideSecrets } from '../../../src/notifications/hide-secrets';
import { levelView, timeText } from '../../../src/notifications/levels';
import { linksOf } from '../../../src/notifications/links';

/** The alert view model: the entities of live query results, the "and N more", levels, secrets. */
describe('notifications: alert view', () => {
  const links = linksOf('https://gs.example/');
  const vertex = (id: string, name: string | undefined, extra: Record<string, unknown> = {}) => ({
    id,
    entity: {
      _id: id,
      _key: `k-${id}`,
      _type: ['t'],
      _class: ['Host', 'Device'],
      ...(name === undefined ? {} : { displayName: name }),
      ...extra,
    },
    properties: {},
  });

  it("collects distinct entities of list rows and of table rows' vertex columns, in order; the first 25 become rows", () => {
    const list = Array.from({ length: 20 }, (_, i) => vertex(`e${i}`, `n${i}`));
    const table = [
      { h: vertex('e3', 'n3'), a: vertex('x1', undefined), count: 2 },
      ...Array.from({ length: 9 }, (_, i) => ({ h: vertex(`y${i}`, `m${i}`) })),
    ];
    const found = entitiesOfQueries(
      {
        q1: { data: list, total: 20 },
        q2: { data: table, total: 10 },
        q3: { data: ['plain', 3, null], total: 3 },
      },
      links,
    );
    assert.equal(found.total, 30);
    assert.equal(found.rows.length, 25);
    assert.deepEqual(found.rows[0], {
      id: 'e0',
      displayName: 'n0',
      class: 'Host, Device',
      type: 't',
      link: 'https://gs.example/console/entities/e0',
      deleted: false,
    });
    // x1 has no displayName: its key stands in; it follows the 20 list rows (e3 is not repeated).
    assert.deepEqual([found.rows[20]!.id, found.rows[20]!.displayName], ['x1', 'k-x1']);
    assert.equal(found.rows[24]!.id, 'y3');
  });

  it('counts "and N more" from the total; subject and badge from the level; secrets hidden everywhere', () => {
    const rows = [entityRow('a', { displayName: 'tok-1 host', _class: 'Host', _type: 't' }, links)];
    const view = alertView(
      {
        rule: { id: 'r 1', name: 'Open\n  hosts' },
        level: 'medium',
        body: 'token tok-1 and tok-12',
        entities: { rows, total: 40 },
        alertLink: null,
        evaluationId: 'ev',
        startedOn: Date.UTC(2026, 10, 29, 3, 40, 59),
        secrets: ['tok-1', 'tok-12'],
      },
      links,
    );
    assert.equal(view.subject, '[MEDIUM] Open hosts');
    assert.deepEqual(view.level, { name: 'MEDIUM', colour: '#f9a825', textColour: '#1a1a1a' });
    assert.equal(view.moreEntities, 39);
    assert.equal(view.body, 'token [secret] and [secret]');
    assert.equal(view.entities[0]!.displayName, '[secret] host');
    assert.equal(view.rule.link, 'https://gs.example/console/rules/r%201');
    assert.equal(view.time, '2026-11-29 03:40 UTC');
    assert.equal(timeText(0), '1970-01-01 00:00 UTC');
    assert.equal(levelView('nope'), null);
    assert.equal(levelView(undefined), null);
    assert.deepEqual(hideSecrets({ a: ['x'] }, []), { a: ['x'] });
  });
});
