import { type ReactNode, useEffect } from 'react';

/** A screen: its heading (also the tab's title) and actions, then its content. */
export function Page(props: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${props.title} · graphsync`;
  }, [props.title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{props.title}</h1>
        {props.actions !== undefined && <div className="page-actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}
