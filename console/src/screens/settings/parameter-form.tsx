import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ErrorNote } from '../../ui/states';
import type { components } from '../../../../src/generated/openapi';

type Value = components['schemas']['ParameterValue'];

/** The value as typed: text, or (when asked) JSON for a number, a boolean or a list. */
function parseValue(text: string, asJson: boolean): Value {
  if (!asJson) return text;
  try {
    return JSON.parse(text) as Value;
  } catch {
    throw new Error('The value is not valid JSON (e.g. 42, true or ["a", "b"]).');
  }
}

/**
 * Sets a parameter (PUT /parameters/{name}): name, value, and whether it is secret. The value
 * field is a password field for a secret and is cleared after every save, so a secret never
 * stays on the page.
 */
export function ParameterForm(props: { onSaved: (name: string) => unknown }) {
  const { api } = useSession();
  const form = useRef<HTMLFormElement>(null);
  const [secret, setSecret] = useState(false);
  const save = useMutation({
    mutationFn: async (input: { name: string; text: string; asJson: boolean; secret: boolean }) => {
      const value = parseValue(input.text, input.asJson);
      return ok(
        api.PUT('/parameters/{name}', {
          params: { path: { name: input.name } },
          body: { value, secret: input.secret },
        }),
      );
    },
    onSuccess: (answer) => {
      form.current?.reset();
      setSecret(false);
      return props.onSaved(answer.parameter.name);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' ? v : '';
    };
    save.mutate({
      name: text('name').trim(),
      text: text('value'),
      asJson: data.get('json') === 'on',
      secret: data.get('secret') === 'on',
    });
  };

  return (
    <form className="settings-form card" ref={form} onSubmit={submit} aria-labelledby="param-form">
      <h3 id="param-form">Set a parameter</h3>
      <p className="hint">Saving a name that exists replaces its value and its secret flag.</p>
      <label htmlFor="param-name">Name</label>
      <input id="param-name" name="name" required pattern="[A-Za-z_][A-Za-z0-9_]{0,127}" />
      <label htmlFor="param-value">Value</label>
      <input id="param-value" name="value" type={secret ? 'password' : 'text'} autoComplete="off" />
      <label className="check">
        <input
          type="checkbox"
          name="secret"
          checked={secret}
          onChange={(e) => setSecret(e.target.checked)}
        />
        Secret (write-only: never shown again)
      </label>
      <label className="check">
        <input type="checkbox" name="json" />
        The value is JSON (a number, true/false, or a list)
      </label>
      {save.isError && <ErrorNote error={save.error} />}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          Save parameter
        </button>
      </div>
    </form>
  );
}
