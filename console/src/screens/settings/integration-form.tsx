import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { ErrorNote } from '../../ui/states';
import {
  type Integration,
  INTEGRATION_TYPES,
  type IntegrationType,
  TYPE_FIELDS,
} from './integration-types';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function parseObject(text: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw new Error(`${what} is not valid JSON.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${what} must be a JSON object.`);
  return parsed as Record<string, unknown>;
}

/**
 * Creates an instance (POST /integrations) or replaces one (PUT /integrations/{id}). Secrets are
 * write-only password fields, never filled from the API: on an update, leaving them all empty
 * keeps the stored ones, and filling any replaces them all (the API does not merge secrets).
 */
export function IntegrationForm(props: {
  editing: Integration | undefined;
  onDone: (name: string) => unknown;
  onCancel: () => void;
}) {
  const { api } = useSession();
  const { editing } = props;
  const [type, setType] = useState<IntegrationType>(editing?.type ?? 'jira');
  const [config, setConfig] = useState(pretty(editing?.config ?? TYPE_FIELDS.jira.config));
  const save = useMutation({
    mutationFn: async (data: FormData) => {
      const text = (n: string) => {
        const v = data.get(n);
        return typeof v === 'string' ? v : '';
      };
      const secrets: Record<string, unknown> = {};
      for (const field of TYPE_FIELDS[type].secrets) {
        const value = text(`secret-${field.name}`);
        if (value !== '') secrets[field.name] = field.json ? parseObject(value, field.name) : value;
      }
      const hasSecrets = Object.keys(secrets).length > 0;
      const body = {
        type,
        name: text('name').trim(),
        config: parseObject(config, 'Config'),
        ...(hasSecrets ? { secrets } : {}),
      };
      if (editing === undefined) return ok(api.POST('/integrations', { body }));
      return ok(
        api.PUT('/integrations/{integrationId}', {
          params: { path: { integrationId: editing.id } },
          body,
        }),
      );
    },
    onSuccess: (answer) => props.onDone(answer.integration.name),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  const title = editing === undefined ? 'New integration instance' : `Edit ${editing.name}`;

  return (
    <form className="settings-form card" onSubmit={submit} aria-labelledby="integration-form">
      <h3 id="integration-form">{title}</h3>
      <label htmlFor="integration-type">Type</label>
      <select
        id="integration-type"
        value={type}
        disabled={editing !== undefined}
        onChange={(e) => {
          const next = e.target.value as IntegrationType;
          setType(next);
          setConfig(pretty(TYPE_FIELDS[next].config));
        }}
      >
        {INTEGRATION_TYPES.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </select>
      <label htmlFor="integration-name">Name</label>
      <input id="integration-name" name="name" required defaultValue={editing?.name ?? ''} />
      <label htmlFor="integration-config">Config (JSON)</label>
      <textarea
        id="integration-config"
        rows={6}
        className="mono"
        value={config}
        onChange={(e) => setConfig(e.target.value)}
      />
      <fieldset>
        <legend>Secrets (write-only)</legend>
        <p className="hint">
          {editing === undefined
            ? 'Stored encrypted and never shown again.'
            : `Stored: ${editing.secretNames.join(', ') || 'none'}. Leave all empty to keep them; filling any replaces them all.`}
        </p>
        {TYPE_FIELDS[type].secrets.map((f) => (
          <div key={`${type}-${f.name}`}>
            <label htmlFor={`secret-${f.name}`}>
              {f.name}
              {f.json === true && ' (JSON object)'}
            </label>
            <input
              id={`secret-${f.name}`}
              name={`secret-${f.name}`}
              type="password"
              autoComplete="new-password"
            />
          </div>
        ))}
      </fieldset>
      {save.isError && <ErrorNote error={save.error} />}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {editing === undefined ? 'Create instance' : 'Save instance'}
        </button>
        <button type="button" className="button-quiet" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
