import { lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { jsonSchema } from 'codemirror-json-schema';
import { useMemo } from 'react';
import { CodeEditor } from '../../ui/code-editor';
import { useSession } from '../../session/session';

type Schema = Parameters<typeof jsonSchema>[0];

/**
 * The rule JSON in CodeMirror, linted, completed and explained on hover against the contract's
 * RuleRequest schema (the body of POST /rules), so a missing or misspelt field is marked in
 * place before the API is asked. `readOnly` for keys that cannot save.
 */
export function RuleJsonEditor(props: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
}) {
  const { contract } = useSession();
  const extensions = useMemo(
    () => [
      jsonSchema(contract.schema('RuleRequest') as Schema),
      // A marker per line with a problem (a whole-rule problem marks line 1); Mod-Shift-m lists them.
      lintGutter(),
      ...(props.readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []),
    ],
    // Fixed for the editor's life (CodeEditor reads them once); the screen remounts it by key.
    [contract, props.readOnly],
  );
  // It grows with the rule, and the page scrolls: a scrolling box inside the page would be a
  // second scroll region for keyboard users.
  return (
    <CodeEditor
      label="Rule JSON"
      value={props.value}
      onChange={props.onChange}
      extensions={extensions}
      minHeight="24rem"
    />
  );
}
