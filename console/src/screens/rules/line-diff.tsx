import { diffLines } from 'diff';

/**
 * Two texts line by line (jsdiff): kept lines as they are, removed ones marked `-` (<del>), added
 * ones `+` (<ins>), so the change reads without colour too.
 */
export function LineDiff(props: { before: string; after: string; label: string }) {
  const parts = diffLines(props.before, props.after);
  return (
    <pre className="rules-diff" aria-label={props.label}>
      {parts.map((part, i) => {
        const mark = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        const text = lines.map((l) => `${mark} ${l}`).join('\n') + '\n';
        if (part.added) return <ins key={i}>{text}</ins>;
        if (part.removed) return <del key={i}>{text}</del>;
        return <span key={i}>{text}</span>;
      })}
    </pre>
  );
}
