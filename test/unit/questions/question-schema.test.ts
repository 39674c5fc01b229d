import assert from 'node:assert/strict';
import { ValidationError } from '../../../src/errors/app-error';
import type { QuestionDefinition } from '../../../src/questions/question-normalize';
import { validateQuestion } from '../../../src/questions/question-schema';

function rejects(body: unknown, message: string): void {
  assert.throws(
    () => validateQuestion(body),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, String(err));
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.equal(err.message, message);
      return true;
    },
  );
}

/** A valid question body; `fields` replace or add top-level fields. */
function question(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Unencrypted data stores',
    queries: [{ query: 'FIND DataStore WITH encrypted = false' }],
    ...fields,
  };
}

describe('question schema: validateQuestion', () => {
  it("fills in the defaults as a rule's question: query<index>, v1, no deleted data, no tags", () => {
    const expected: QuestionDefinition = {
      title: 'Unencrypted data stores',
      queries: [
        {
          name: 'query0',
          query: 'FIND DataStore WITH encrypted = false',
          version: 'v1',
          includeDeleted: false,
        },
        { name: 'hosts', query: 'FIND Host', version: 'v1', includeDeleted: true },
        { name: 'query2', query: 'FIND User', version: 'v1', includeDeleted: false },
      ],
      tags: [],
    };
    const body = question({
      queries: [
        { query: 'FIND DataStore WITH encrypted = false', name: null, includeDeleted: null },
        { name: 'hosts', query: 'FIND Host', version: 'v1', includeDeleted: true },
        { query: 'FIND User' },
      ],
    });
    assert.deepEqual(validateQuestion(body), expected);
  });

  it('keeps a description and tags; 20 queries and a 200-character title are the limits', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({ query: `FIND T${i}` }));
    const definition = validateQuestion(
      question({ title: 'x'.repeat(200), description: 'd', tags: ['cis'], queries: twenty }),
    );
    assert.deepEqual(
      [definition.title.length, definition.description, definition.tags, definition.queries.length],
      [200, 'd', ['cis'], 20],
    );
    assert.equal(definition.queries[19]?.name, 'query19');
  });

  it('drops the read-only fields of a stored question, and reads top-level nulls as not given', () => {
    const stored = question({
      id: 'q1',
      accountId: 'j1dev',
      version: 4,
      createdOn: 1,
      updatedOn: 2,
      lastUpdatedTimestamp: 3,
      description: null,
      tags: null,
    });
    assert.deepEqual(validateQuestion(stored), validateQuestion(question()));
    assert.equal('description' in validateQuestion(stored), false);
  });

  it('takes back its own output (a GET answer PUT back) unchanged', () => {
    const first = validateQuestion(question({ description: 'd', tags: ['a'] }));
    const stored = { ...first, id: 'q1', version: 3, createdOn: 1, updatedOn: 2 };
    assert.deepEqual(validateQuestion(stored), first);
  });

  it('returns a definition that shares no object with the body', () => {
    const body = question({ tags: ['a'] });
    const copy = structuredClone(body);
    const definition = validateQuestion(body);
    assert.deepEqual(body, copy);
    assert.notEqual(definition.tags, body.tags);
  });

  it('repeats query names as rules do (evaluation keeps the later result)', () => {
    const definition = validateQuestion(
      question({ queries: [{ query: 'FIND A' }, { name: 'query0', query: 'FIND B' }] }),
    );
    assert.deepEqual(
      definition.queries.map((q) => q.name),
      ['query0', 'query0'],
    );
  });

  it('a body that is not an object; the first offending field by its JSON pointer', () => {
    rejects(null, 'The question must be an object');
    rejects([question()], 'The question must be an object');
    rejects('FIND A', 'The question must be an object');
    rejects(question({ title: undefined }), '/title is required');
    rejects(question({ title: '\n' }), '/title must not be blank');
    rejects(question({ queries: undefined }), '/queries is required');
    rejects(
      question({
        queries: [
          { query: 'FIND A', version: null },
          { name: 'a b', query: 'FIND B' },
        ],
      }),
      '/queries/1/name must match [A-Za-z0-9_]+',
    );
  });
});
