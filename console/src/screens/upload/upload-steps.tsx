const STEPS = [
  { name: 'choose', label: 'Choose and upload' },
  { name: 'preview', label: 'Preview' },
  { name: 'finalize', label: 'Finalize' },
] as const;

/** Where the flow is: the steps in order, the current one marked for screen readers. */
export function UploadSteps(props: { current: (typeof STEPS)[number]['name'] }) {
  return (
    <ol className="upload-steps" aria-label="Upload steps">
      {STEPS.map((s) => (
        <li key={s.name} aria-current={s.name === props.current ? 'step' : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}
