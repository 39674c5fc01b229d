import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';

export const LEVELS = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const STATUSES = ['ACTIVE', 'RESOLVED', 'DISMISSED'] as const;

export type AlertFilter = { ruleId?: string; status?: string; level?: string };

/**
 * The list's filters, the API's own query parameters (ruleId, status, level); the screen keeps
 * them in the address, so a filtered list can be shared and alertWebLink lands filtered.
 */
export function AlertFilters(props: {
  filter: AlertFilter;
  onChange: (name: keyof AlertFilter, value: string) => void;
}) {
  const { api } = useSession();
  const ids = { level: useId(), status: useId(), rule: useId() };
  const rules = useQuery({
    queryKey: ['rules', 'names'],
    queryFn: () => ok(api.GET('/rules', { params: { query: { limit: 1000 } } })),
  });
  const ruleOptions = (rules.data?.rules ?? []).map((r) => ({ id: r.id, name: r.name }));
  const { ruleId } = props.filter;
  // A rule id from a link that the first page of rules does not hold is still a filter.
  if (ruleId !== undefined && !ruleOptions.some((r) => r.id === ruleId))
    ruleOptions.push({ id: ruleId, name: ruleId });

  return (
    <form className="field-row alert-filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor={ids.level}>Level</label>
        <select
          id={ids.level}
          value={props.filter.level ?? ''}
          onChange={(e) => props.onChange('level', e.target.value)}
        >
          <option value="">Any level</option>
          {LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={props.filter.status ?? ''}
          onChange={(e) => props.onChange('status', e.target.value)}
        >
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.rule}>Rule</label>
        <select
          id={ids.rule}
          value={ruleId ?? ''}
          onChange={(e) => props.onChange('ruleId', e.target.value)}
        >
          <option value="">Any rule</option>
          {ruleOptions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
