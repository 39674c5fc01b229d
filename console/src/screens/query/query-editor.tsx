import { autocompletion } from '@codemirror/autocomplete';
import { useMemo, useRef } from 'react';
import { CodeEditor } from '../../ui/code-editor';
import { j1qlCompletion, type Vocabulary } from './j1ql-completion';
import { j1ql, j1qlHighlight } from './j1ql-language';
import { useVocabulary } from './use-vocabulary';

/** The J1QL editor: highlighting, completion from the account's vocabulary, Mod-Enter runs. */
export function QueryEditor(props: {
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
}) {
  const vocabulary = useVocabulary();
  // The editor's extensions are fixed for its life; completion reads the latest vocabulary.
  const latest = useRef<Vocabulary | undefined>(undefined);
  latest.current = vocabulary.data;
  const extensions = useMemo(
    () => [
      j1ql,
      j1qlHighlight,
      autocompletion({ override: [j1qlCompletion(() => latest.current)] }),
    ],
    [],
  );
  return (
    <div>
      <div className="editor-label" aria-hidden="true">
        J1QL query
      </div>
      <CodeEditor
        value={props.value}
        onChange={props.onChange}
        onSubmit={props.onRun}
        extensions={extensions}
        label="J1QL query"
        minHeight="5rem"
      />
      <p className="hint">
        Ctrl+Enter (⌘+Enter) runs the query. Ctrl+Space completes keywords
        {vocabulary.isSuccess ? ', classes, types and properties' : ''}.
      </p>
    </div>
  );
}
