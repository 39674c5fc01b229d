import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

/** Shown while something loads; announced to screen readers once. */
export function Loading(props: { what: string }) {
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      Loading {props.what}…
    </p>
  );
}

/** An error as the API put it: its message first, its code beside it. */
export function ErrorNote(props: { error: unknown; title?: string }) {
  const { error } = props;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? error.code : undefined;
  return (
    <div className="state state-error" role="alert">
      {props.title !== undefined && <strong>{props.title}: </strong>}
      <span className="error-message">{message}</span>
      {code !== undefined && <code className="error-code">{code}</code>}
    </div>
  );
}

/** Nothing to show yet, and what would make something appear. */
export function Empty(props: { children: ReactNode }) {
  return <div className="state state-empty">{props.children}</div>;
}

/**
 * What a read shows in each of its states: loading, the API's error, an empty answer (`isEmpty`
 * and `empty`), or its data through `children`.
 */
export function Loaded<T>(props: {
  read: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { read } = props;
  if (read.isPending) return <Loading what={props.what} />;
  if (read.isError || read.data === undefined) return <ErrorNote error={read.error} />;
  if (props.isEmpty?.(read.data) === true) return <Empty>{props.empty}</Empty>;
  return <>{props.children(read.data)}</>;
}
