import { type ReactNode, useRef, useState } from 'react';
import './confirm-button.css';

/**
 * A button for something that cannot be undone: the first press asks (the question and a
 * confirm button, which takes focus), the confirm runs `onConfirm`, Cancel goes back with focus
 * on the first button.
 */
export function ConfirmButton(props: {
  /** The first button's accessible name, e.g. "Delete parameter x". */
  label: string;
  question: ReactNode;
  /** The confirm button's text, e.g. "Delete parameter". */
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!asking)
    return (
      <button
        ref={opener}
        type="button"
        className="button-quiet"
        aria-label={props.label}
        onClick={() => setAsking(true)}
      >
        {props.children ?? 'Delete'}
      </button>
    );
  const cancel = () => {
    setAsking(false);
    // The first button is back after this render: focus it then.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <span className="confirm-inline" role="group" aria-label={props.label}>
      <span>{props.question}</span>{' '}
      <button
        type="button"
        className="button-danger"
        disabled={props.busy === true}
        onClick={props.onConfirm}
        autoFocus
      >
        {props.confirm}
      </button>{' '}
      <button type="button" className="button-quiet" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}
