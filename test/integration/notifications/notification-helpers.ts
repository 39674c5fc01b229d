import type { Body } from '../rules/rule-evaluation-helpers';
import { entity } from '../sync/semantics-helpers';

/** Shared by the notifications tests: hosts to alert on and a rule that emails about them. */
export const HOSTILE = '<script>alert(1)</script> {{rule.name}} "q" & co';

/** 27 hosts: one with a hostile name, then h01..h26 (the query orders by name). */
export const HOSTS = [
  entity('evil', { _type: 'n_host', _class: 'Host', displayName: HOSTILE, open: true }),
  ...Array.from({ length: 26 }, (_, i) =>
    entity(`h${i}`, {
      _type: 'n_host',
      _class: ['Host', 'Device'],
      displayName: `h${String(i + 1).padStart(2, '0')}`,
      open: true,
    }),
  ),
];

export function mailRule(name: string): Body {
  return {
    name,
    question: {
      queries: [{ query: 'FIND n_host WITH open = true AS h ORDER BY h.displayName' }],
    },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [
          { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'CRITICAL' },
          { type: 'CREATE_ALERT' },
          {
            type: 'SEND_EMAIL',
            recipients: ['soc@example.com'],
            body: '{{queries.query0.total}} hosts are open. Token: {{param.token}}',
          },
        ],
      },
    ],
  };
}
