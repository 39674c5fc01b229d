import assert from 'node:assert/strict';
import { parseQuery } from '../../../src/query/j1ql/parse';
import { QuerySyntaxError } from '../../../src/query/j1ql/query-errors';

/** The J1QL grammar (j1ql.peggy): what it builds, and how it says where a query went wrong. */
function syntaxError(text: string): QuerySyntaxError {
  try {
    parseQuery(text);
  } catch (err) {
    assert.ok(err instanceof QuerySyntaxError, String(err));
    return err;
  }
  assert.fail(`${text} parsed`);
}

describe('J1QL parser', () => {
  it('keywords in any case; classes and types by spelling; verbs upper-cased', () => {
    const q = parseQuery('find UNIQUE User with active = TRUE as u that has >> aws_instance');
    assert.equal(q.unique, true);
    assert.deepEqual(q.start.target, { kind: 'union', items: [{ kind: 'class', name: 'User' }] });
    assert.equal(q.start.alias, 'u');
    const [hop] = q.steps;
    assert.equal(hop?.kind, 'hop');
    if (hop?.kind !== 'hop') return;
    assert.deepEqual([hop.rel.verbs, hop.rel.direction, hop.rel.negated], [['HAS'], 'out', false]);
    assert.deepEqual(hop.node.target, {
      kind: 'union',
      items: [{ kind: 'type', name: 'aws_instance' }],
    });
  });

  it('value lists, undefined, regex, dates, parameters, brackets and comments', () => {
    const q = parseQuery(
      "FIND x WITH a != (undefined AND '') AND [tag.goog-gke] = /ab\\d/i AND t > date.now-30days /* c */ AND p = ${ param.k } AND d < date(2019-10-30)",
    );
    const filter = q.start.filter;
    assert.equal(filter?.kind, 'and');
    if (filter?.kind !== 'and') return;
    const rights = filter.items.map((f) => (f.kind === 'compare' ? f.right : undefined));
    assert.deepEqual(rights[0], {
      kind: 'list',
      joiner: 'and',
      items: [{ kind: 'undefined' }, { kind: 'string', value: '' }],
    });
    assert.deepEqual(
      filter.items[1]?.kind === 'compare' &&
        filter.items[1].left.kind === 'path' &&
        filter.items[1].left.segments,
      ['tag.goog-gke'],
    );
    assert.equal(
      rights[1]?.kind === 'regex' && `${rights[1].source}/${rights[1].flags}`,
      'ab\\d/i',
    );
    assert.deepEqual(rights[2], { kind: 'now', offset: { amount: -30, unit: 'day' } });
    assert.equal(rights[3]?.kind === 'param' && rights[3].name, 'k');
    assert.equal(rights[4]?.kind === 'date' && rights[4].iso, '2019-10-30');
  });

  it('optional groups, negation with verb unions, RETURN items and the other clauses', () => {
    const q = parseQuery(
      "FIND User (THAT IS Person)? AS p THAT !(HAS|OWNS) << Device RETURN p.name AS 'Name', count(Device) ORDER BY Name DESC SKIP 1 LIMIT 5",
    );
    assert.equal(q.steps[0]?.kind, 'optional');
    const neg = q.steps[1];
    assert.deepEqual(neg?.kind === 'hop' && [neg.rel.negated, neg.rel.verbs, neg.rel.direction], [
      true,
      ['HAS', 'OWNS'],
      'in',
    ]);
    assert.equal(q.return?.kind, 'items');
    assert.deepEqual(q.return?.kind === 'items' && q.return.items.map((i) => [i.text, i.as]), [
      ['p.name', 'Name'],
      ['count(Device)', undefined],
    ]);
    assert.deepEqual([q.orderBy?.[0]?.descending, q.skip, q.limit], [true, 1, 5]);
  });

  it('full-text targets with FIND left out; RETURN TREE', () => {
    assert.deepEqual(parseQuery("'vpn' with _class='Host'").start.target, {
      kind: 'search',
      text: 'vpn',
    });
    assert.deepEqual(parseQuery('Find User that has Device return tree').return, { kind: 'tree' });
  });

  it('a syntax error names the line, column, token and what was expected', () => {
    const err = syntaxError('FIND User\n  THAT');
    assert.equal(err.code, 'J1QL_SYNTAX_ERROR');
    assert.equal(
      err.message,
      "Query does not parse at line 2, column 7: found the end of the query, expected one of '!', '(' or relationship verb",
    );
    assert.deepEqual(err.details, {
      line: 2,
      column: 7,
      token: '',
      expected: ["'!'", "'('", 'relationship verb'],
    });
    assert.equal(
      syntaxError('FIND User WITH a = 1 RETURN a RETURN b').message,
      'Query does not parse at line 1, column 31: RETURN appears twice',
    );
    assert.equal(
      syntaxError("FIND x WITH a = ('b' OR 'c' AND 'd')").details?.reason,
      'A value list mixes AND and OR',
    );
    assert.match(
      syntaxError('FIND User WITH').message,
      /^Query does not parse at line 1, column 15: found the end of the query/,
    );
    assert.match(syntaxError('').message, /^Query does not parse at line 1, column 1/);
    assert.match(
      syntaxError('x'.repeat(20_001)).message,
      /expected a query of at most 20000 characters/,
    );
  });
});
