/** A short confirmation after a save, announced politely. */
export function Saved(props: { text: string | undefined }) {
  return (
    <p role="status" aria-live="polite" className="hint">
      {props.text ?? ''}
    </p>
  );
}
