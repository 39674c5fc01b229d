import assert from 'node:assert/strict';
import {
  type AlertOutcome,
  alertChange,
  raisedAlert,
  resolvedAlert,
} from '../../../../src/rules/evaluation/alert-decision';

/** What an evaluation does to its rule's alert: open, update, resolve, or keep it as it is. */
describe('rule evaluation steps: the alert decision', () => {
  const answer = (created: boolean) => ({ alert: { id: 'al-1', status: 'ACTIVE' }, created });

  it('open: the store opened a new alert', () => {
    assert.deepEqual(raisedAlert(undefined, answer(true)), {
      id: 'al-1',
      status: 'ACTIVE',
      change: 'OPENED',
    });
  });

  it('update: the store raised the active alert again', () => {
    assert.deepEqual(raisedAlert(undefined, answer(false)), {
      id: 'al-1',
      status: 'ACTIVE',
      change: 'UPDATED',
    });
  });

  it('raised again in the same evaluation, an alert it opened stays OPENED; an updated one UPDATED', () => {
    const opened = raisedAlert(undefined, answer(true));
    assert.equal(raisedAlert(opened, answer(false)).change, 'OPENED');
    const updated = raisedAlert(undefined, answer(false));
    assert.equal(raisedAlert(updated, answer(false)).change, 'UPDATED');
  });

  const clean: AlertOutcome = {
    dryRun: false,
    ruleId: 'r-1',
    queriesFailed: false,
    conditionsFailed: false,
    alertReached: false,
  };

  it('resolve: a clean evaluation of a stored rule that reached no CREATE_ALERT', () => {
    assert.deepEqual(alertChange(undefined, clean), { kind: 'RESOLVE', ruleId: 'r-1' });
  });

  it('raised: the alert a CREATE_ALERT raised, whatever else happened', () => {
    const alert = raisedAlert(undefined, answer(true));
    assert.deepEqual(alertChange(alert, clean), { kind: 'RAISED', alert });
    assert.deepEqual(alertChange(alert, { ...clean, conditionsFailed: true }), {
      kind: 'RAISED',
      alert,
    });
  });

  it('keep: a dry run, a failed query or condition, a CREATE_ALERT reached but not run, a rule body', () => {
    const keeps: Array<[string, AlertOutcome]> = [
      ['dry run', { ...clean, dryRun: true }],
      ['failed query', { ...clean, queriesFailed: true }],
      ['failed condition', { ...clean, conditionsFailed: true }],
      ['alert reached', { ...clean, alertReached: true }],
      ['no rule id', { ...clean, ruleId: undefined }],
    ];
    for (const [why, outcome] of keeps) {
      assert.deepEqual(alertChange(undefined, outcome), { kind: 'KEEP' }, why);
    }
  });

  it('resolvedAlert: RESOLVED when the store had an active alert, nothing when it had none', () => {
    assert.deepEqual(resolvedAlert({ id: 'al-1', status: 'RESOLVED' }), {
      id: 'al-1',
      status: 'RESOLVED',
      change: 'RESOLVED',
    });
    assert.equal(resolvedAlert(undefined), undefined);
  });
});
