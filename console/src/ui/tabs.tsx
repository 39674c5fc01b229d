import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface Tab {
  id: string;
  label: string;
}

/**
 * Tabs as the ARIA pattern has them: one tab in the tab order, arrows (and Home/End) move
 * between tabs and select, the panel is labelled by its tab.
 */
export function Tabs(props: {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const n = props.tabs.length;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % n
        : event.key === 'ArrowLeft'
          ? (index - 1 + n) % n
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? n - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const tab = props.tabs[next];
    if (tab === undefined) return;
    props.onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={props.label}>
        {props.tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el === null) refs.current.delete(tab.id);
              else refs.current.set(tab.id, el);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === props.selected}
            aria-controls={tab.id === props.selected ? `panel-${tab.id}` : undefined}
            tabIndex={tab.id === props.selected ? 0 : -1}
            onClick={() => props.onSelect(tab.id)}
            onKeyDown={(e) => move(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${props.selected}`} aria-labelledby={`tab-${props.selected}`}>
        {props.children}
      </div>
    </>
  );
}
