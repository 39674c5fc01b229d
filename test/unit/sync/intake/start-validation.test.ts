import assert from 'node:assert/strict';
import { ValidationError } from '../../../../src/errors/app-error';
import { validateStart } from '../../../../src/sync/intake/start-validation';

const ALL_FEATURES = ['PUT', 'OVERRIDE'];

function rejects(body: unknown, message: string, features: readonly string[] = ALL_FEATURES) {
  assert.throws(
    () => validateStart(body, features),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, `expected a ValidationError, got ${String(err)}`);
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.equal(err.message, message);
      return true;
    },
  );
}

describe('validateStart', () => {
  describe('accepts and normalizes', () => {
    it('defaults syncMode to DIFF and ignoreDuplicates to false, omitting unset fields', () => {
      assert.deepEqual(validateStart({ source: 'api', scope: 's' }, []), {
        source: 'api',
        scope: 's',
        syncMode: 'DIFF',
        ignoreDuplicates: false,
      });
    });

    it('keeps every field it knows and ignores the others', () => {
      const body = {
        source: 'integration-external',
        syncMode: 'PUT',
        integrationInstanceId: 'inst-1',
        integrationJobId: 'job-1',
        ignoreDuplicates: true,
        somethingElse: { x: 1 },
      };
      assert.deepEqual(validateStart(body, ['PUT']), {
        source: 'integration-external',
        syncMode: 'PUT',
        integrationInstanceId: 'inst-1',
        integrationJobId: 'job-1',
        ignoreDuplicates: true,
      });
    });

    it('treats null as absent (the Python client sends "scope": null)', () => {
      const body = {
        source: 'api',
        scope: null,
        syncMode: 'PATCH',
        integrationInstanceId: null,
        integrationJobId: null,
        ignoreDuplicates: null,
      };
      assert.deepEqual(validateStart(body, []), {
        source: 'api',
        syncMode: 'PATCH',
        ignoreDuplicates: false,
      });
      assert.deepEqual(
        validateStart({ source: 'api', scope: 's', syncMode: null }, []).syncMode,
        'DIFF',
      );
    });

    it('accepts a scope from system-internal jobs (the SDK runtime sends one)', () => {
      assert.deepEqual(validateStart({ source: 'system-internal', scope: 's' }, []), {
        source: 'system-internal',
        scope: 's',
        syncMode: 'DIFF',
        ignoreDuplicates: false,
      });
    });

    it('accepts every source', () => {
      for (const source of ['integration-managed', 'system-internal']) {
        assert.equal(validateStart({ source }, []).source, source);
      }
      assert.equal(
        validateStart({ source: 'integration-external', integrationInstanceId: 'i' }, []).source,
        'integration-external',
      );
    });

    it('accepts PUT and OVERRIDE when the account has them enabled', () => {
      assert.equal(
        validateStart({ source: 'integration-managed', syncMode: 'PUT' }, ['PUT']).syncMode,
        'PUT',
      );
      assert.equal(
        validateStart({ source: 'api', syncMode: 'OVERRIDE' }, ['OVERRIDE']).syncMode,
        'OVERRIDE',
      );
    });

    it('accepts CROSS_SCOPE with source api and a scope', () => {
      assert.deepEqual(validateStart({ source: 'api', scope: 'x', syncMode: 'CROSS_SCOPE' }, []), {
        source: 'api',
        scope: 'x',
        syncMode: 'CROSS_SCOPE',
        ignoreDuplicates: false,
      });
    });

    it('accepts PATCH from api without a scope', () => {
      assert.equal(validateStart({ source: 'api', syncMode: 'PATCH' }, []).syncMode, 'PATCH');
    });
  });

  describe('rejects', () => {
    it('a body that is not a JSON object', () => {
      for (const body of [null, undefined, [], 'api', 42, true]) {
        rejects(body, 'The request body must be a JSON object');
      }
    });

    it('a missing or unknown source', () => {
      rejects({ scope: 's' }, 'source is required');
      rejects({ source: null, scope: 's' }, 'source is required');
      const bad =
        'source must be one of api, integration-external, integration-managed, system-internal';
      rejects({ source: 'API', scope: 's' }, bad);
      rejects({ source: '', scope: 's' }, bad);
    });

    it('a scope or integrationInstanceId over 1000 UTF-8 bytes', () => {
      rejects(
        { source: 'api', scope: 'é'.repeat(501) },
        'scope: maximum length exceeded (1000 bytes)',
      );
      rejects(
        { source: 'integration-external', integrationInstanceId: 'i'.repeat(1001) },
        'integrationInstanceId: maximum length exceeded (1000 bytes)',
      );
    });

    it('the deprecated CREATE_OR_UPDATE mode and unknown modes', () => {
      rejects(
        { source: 'api', syncMode: 'CREATE_OR_UPDATE' },
        'CREATE_OR_UPDATE sync mode is deprecated and no longer functions',
      );
      rejects(
        { source: 'api', scope: 's', syncMode: 'diff' },
        'syncMode must be one of DIFF, PATCH, PUT, CROSS_SCOPE, OVERRIDE',
      );
    });

    it('fields of the wrong JSON type', () => {
      rejects({ source: 1 }, 'source must be a string');
      rejects({ source: 'api', scope: 5 }, 'scope must be a string');
      rejects({ source: 'api', scope: 's', syncMode: ['DIFF'] }, 'syncMode must be a string');
      rejects(
        { source: 'integration-external', integrationInstanceId: {} },
        'integrationInstanceId must be a string',
      );
      rejects(
        { source: 'api', scope: 's', integrationJobId: 7 },
        'integrationJobId must be a string',
      );
      rejects(
        { source: 'api', scope: 's', ignoreDuplicates: 'true' },
        'ignoreDuplicates must be a boolean',
      );
    });

    it('empty identifiers', () => {
      rejects({ source: 'api', scope: '' }, 'scope must not be empty');
      rejects(
        { source: 'integration-external', integrationInstanceId: '' },
        'integrationInstanceId must not be empty',
      );
    });

    it('scope with a source other than api', () => {
      rejects(
        { source: 'integration-managed', scope: 's', integrationInstanceId: 'i' },
        'scope can only be used when source is api or system-internal',
      );
    });

    it('a DIFF job from api without scope (DIFF is the default)', () => {
      rejects({ source: 'api' }, 'scope is required when syncMode is DIFF and source is api');
      rejects(
        { source: 'api', syncMode: 'DIFF' },
        'scope is required when syncMode is DIFF and source is api',
      );
    });

    it('integration-external without integrationInstanceId', () => {
      rejects(
        { source: 'integration-external' },
        'integrationInstanceId is required when source is integration-external',
      );
    });

    it('PUT and OVERRIDE when the account lacks the feature', () => {
      rejects(
        { source: 'integration-managed', syncMode: 'PUT' },
        'PUT sync mode is not enabled for this account',
        ['OVERRIDE'],
      );
      rejects(
        { source: 'api', syncMode: 'OVERRIDE' },
        'OVERRIDE sync mode is not enabled for this account',
        ['PUT'],
      );
    });

    it('CROSS_SCOPE from another source, or without scope', () => {
      rejects(
        { source: 'integration-managed', syncMode: 'CROSS_SCOPE' },
        'CROSS_SCOPE sync jobs require source api',
      );
      rejects(
        { source: 'api', syncMode: 'CROSS_SCOPE' },
        'scope is required when syncMode is CROSS_SCOPE',
      );
    });
  });

  describe('order of checks', () => {
    it('reports type errors before the deprecated mode', () => {
      rejects({ source: 'api', scope: 5, syncMode: 'CREATE_OR_UPDATE' }, 'scope must be a string');
      rejects(
        { source: 'bogus', syncMode: 'CREATE_OR_UPDATE' },
        'source must be one of api, integration-external, integration-managed, system-internal',
      );
    });

    it('reports the deprecated mode before cross-field rules', () => {
      rejects(
        { source: 'integration-managed', scope: 's', syncMode: 'CREATE_OR_UPDATE' },
        'CREATE_OR_UPDATE sync mode is deprecated and no longer functions',
      );
    });

    it('applies cross-field rules in the documented order', () => {
      const body = { source: 'integration-external', scope: 's', syncMode: 'PUT' };
      rejects(body, 'scope can only be used when source is api or system-internal', []);
      rejects(
        { source: 'integration-external', syncMode: 'PUT' },
        'integrationInstanceId is required when source is integration-external',
        [],
      );
      rejects(
        { source: 'integration-managed', syncMode: 'OVERRIDE' },
        'OVERRIDE sync mode is not enabled for this account',
        [],
      );
    });
  });
});
