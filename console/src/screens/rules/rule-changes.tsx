import { LineDiff } from './line-diff';

/** The editor's text against the stored version, so the reader sees what Save would change. */
export function RuleChanges(props: { saved: string; edited: string; version: number }) {
  if (props.saved === props.edited) return null;
  return (
    <details className="rules-changes">
      <summary>Unsaved changes against version {props.version}</summary>
      <LineDiff
        before={props.saved}
        after={props.edited}
        label={`Changes against version ${props.version}`}
      />
    </details>
  );
}
