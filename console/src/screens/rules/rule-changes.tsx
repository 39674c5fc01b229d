import { diffLines } from 'diff';

/**
 * The editor's text against the stored version, line by line (jsdiff), so the reader sees
 * what Save would change. The API keeps only a rule's current version (its `version` counts
 * the updates), so there is no older version to compare with.
 */
export function RuleChanges(props: { saved: string; edited: string; version: number }) {
  if (props.saved === props.edited) return null;
  const parts = diffLines(props.saved, props.edited);
  return (
    <details className="rules-changes">
      <summary>Unsaved changes against version {props.version}</summary>
      <pre aria-label={`Changes against version ${props.version}`}>
        {parts.map((part, i) => {
          const mark = part.added ? '+' : part.removed ? '-' : ' ';
          const lines = part.value.replace(/\n$/, '').split('\n');
          const text = lines.map((l) => `${mark} ${l}`).join('\n') + '\n';
          if (part.added) return <ins key={i}>{text}</ins>;
          if (part.removed) return <del key={i}>{text}</del>;
          return <span key={i}>{text}</span>;
        })}
      </pre>
    </details>
  );
}
