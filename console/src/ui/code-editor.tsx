import { EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

/**
 * A CodeMirror 6 editor as a React component: the language, completion and linting come in as
 * `extensions` (the J1QL editor, the rule JSON editor). `value` sets the text when it differs
 * from what the editor holds; `onChange` gets each edit. `label` names it for screen readers.
 */
export function CodeEditor(props: {
  value: string;
  onChange: (value: string) => void;
  extensions: Extension[];
  label: string;
  /** Mod-Enter, e.g. run the query. */
  onSubmit?: () => void;
  minHeight?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (host.current === null) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          basicSetup,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': latest.current.label }),
          EditorView.theme({ '&': { minHeight: latest.current.minHeight ?? '6rem' } }),
          // Ahead of basicSetup's own Mod-Enter (insertBlankLine), which would take it first.
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  latest.current.onSubmit?.();
                  return latest.current.onSubmit !== undefined;
                },
              },
            ]),
          ),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          ...latest.current.extensions,
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
    // The extensions are fixed for the editor's life; a new set needs a new key on the component.
  }, []);

  useEffect(() => {
    const current = view.current;
    if (current !== undefined && current.state.doc.toString() !== props.value) {
      current.dispatch({
        changes: { from: 0, to: current.state.doc.length, insert: props.value },
      });
    }
  }, [props.value]);

  return <div className="editor" ref={host} />;
}
