import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { formatTime } from '../../ui/format';
import { ErrorNote, Loading } from '../../ui/states';
import { LineDiff } from './line-diff';

/**
 * The rule's saved versions (GET /rules/{ruleId}/versions, newest first) and a diff between
 * any two: by default the one before the current, against the current.
 */
export function RuleVersions(props: { ruleId: string; currentVersion: number }) {
  const { api } = useSession();
  const versions = useQuery({
    queryKey: ['rule-versions', props.ruleId, props.currentVersion],
    queryFn: () =>
      ok(api.GET('/rules/{ruleId}/versions', { params: { path: { ruleId: props.ruleId } } })),
  });
  const [from, setFrom] = useState<number | undefined>(undefined);
  const [to, setTo] = useState<number | undefined>(undefined);

  if (versions.isPending) return <Loading what="the rule's versions" />;
  if (versions.isError) return <ErrorNote title="Versions" error={versions.error} />;
  const list = versions.data.versions;
  const text = (version: number | undefined) => {
    const found = list.find((v) => v.version === version)?.rule;
    return found === undefined ? '' : JSON.stringify(found, null, 2);
  };
  const newer = to ?? list[0]?.version;
  const older = from ?? list[1]?.version;
  const choose = (label: string, value: number | undefined, set: (v: number) => void) => (
    <div>
      <label htmlFor={`rule-version-${label}`}>{label}</label>
      <select
        id={`rule-version-${label}`}
        value={value ?? ''}
        onChange={(e) => set(Number(e.target.value))}
      >
        {list.map((v) => (
          <option key={v.version} value={v.version}>
            Version {v.version}, {formatTime(v.savedOn)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className="rules-versions" aria-labelledby="rule-versions-title">
      <h2 id="rule-versions-title">Version history</h2>
      {list.length < 2 ? (
        <p className="hint">Only this version is stored: each save keeps the one it replaces.</p>
      ) : (
        <>
          <div className="field-row">
            {choose('Compare', older, setFrom)}
            {choose('With', newer, setTo)}
          </div>
          <LineDiff
            before={text(older)}
            after={text(newer)}
            label={`Changes from version ${older} to version ${newer}`}
          />
        </>
      )}
    </section>
  );
}
