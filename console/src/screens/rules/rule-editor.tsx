import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../session/session';
import { formatTime } from '../../ui/format';
import { Page } from '../../ui/page';
import { EvaluationPanel } from '../../ui/rules-evaluation';
import { ErrorNote } from '../../ui/states';
import { RuleChanges } from './rule-changes';
import { RuleJsonEditor } from './rule-json-editor';
import { RuleVersions } from './rule-versions';
import { type Rule, ruleText } from './rule-json';
import { useRuleActions } from './use-rule-actions';
import './rules.css';

/** The editor proper, for a stored rule or a new one (`savedText` is its starting text). */
export function RuleEditor(props: { rule?: Rule; savedText?: string }) {
  const { rule } = props;
  const { can } = useSession();
  const savedVersion = (useLocation().state as { saved?: number } | null)?.saved;
  const saved = rule !== undefined ? ruleText(rule) : (props.savedText ?? '');
  const [text, setText] = useState(saved);
  const { validate, test, save } = useRuleActions(rule?.id, text);
  const canSave = rule === undefined ? can('post', '/rules') : can('put', '/rules/{ruleId}');
  const canValidate = can('post', '/rules/validate');
  const canTest = can('post', '/rules/evaluate');
  const busy = validate.isPending || test.isPending || save.isPending;

  const edit = (value: string) => {
    setText(value);
    // An answer about older text would mislead: clear it.
    validate.reset();
    test.reset();
    save.reset();
  };

  return (
    <Page
      title={rule === undefined ? 'New rule' : `Rule ${rule.name}`}
      actions={
        <>
          {canValidate && (
            <button
              type="button"
              className="button-quiet"
              disabled={busy}
              onClick={() => validate.mutate()}
            >
              Validate
            </button>
          )}
          {canTest && (
            <button
              type="button"
              className="button-quiet"
              disabled={busy}
              onClick={() => test.mutate()}
            >
              Test
            </button>
          )}
          {canSave && (
            <button type="button" disabled={busy} onClick={() => save.mutate()}>
              Save
            </button>
          )}
        </>
      }
    >
      <p>
        <Link to="/rules">All rules</Link>
      </p>
      {rule !== undefined && (
        <dl className="kv rules-meta">
          <dt>Id</dt>
          <dd className="mono">{rule.id}</dd>
          <dt>Version</dt>
          <dd>{rule.version}</dd>
          <dt>Updated</dt>
          <dd>{formatTime(rule.updatedOn)}</dd>
          <dt>Alerts</dt>
          <dd>
            <Link to={`/alerts?ruleId=${encodeURIComponent(rule.id)}`}>
              This rule&apos;s alerts
            </Link>
          </dd>
        </dl>
      )}
      {!canSave && (
        <p className="hint" role="note">
          Read-only: this key cannot save rules.
        </p>
      )}
      <RuleJsonEditor value={text} onChange={edit} readOnly={!canSave} />
      {rule !== undefined && <RuleChanges saved={saved} edited={text} version={rule.version} />}
      <div className="rules-outcomes">
        {validate.isSuccess && (
          <p className="state rules-ok" role="status">
            Valid: the API accepts this rule.
          </p>
        )}
        {validate.isError && <ErrorNote title="Not valid" error={validate.error} />}
        {savedVersion !== undefined && savedVersion === rule?.version && text === saved && (
          <p className="state rules-ok" role="status">
            Saved as version {savedVersion}.
          </p>
        )}
        {save.isPending && (
          <p className="state state-loading" role="status">
            Saving…
          </p>
        )}
        {save.isError && <ErrorNote title="Not saved" error={save.error} />}
        {test.isPending && (
          <p className="state state-loading" role="status">
            Running the dry run…
          </p>
        )}
        {test.isError && <ErrorNote title="Test failed" error={test.error} />}
      </div>
      {test.isSuccess && (
        <section className="card rules-test-result" aria-label="Dry-run result">
          <EvaluationPanel record={test.data} headingLevel={2} />
        </section>
      )}
      {rule !== undefined && <RuleVersions ruleId={rule.id} currentVersion={rule.version} />}
    </Page>
  );
}
