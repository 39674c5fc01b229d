import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { components } from '../../../../src/generated/openapi';
import { ok } from '../../api/client';
import { useSession } from '../../session/session';
import { DataTable } from '../../ui/data-table';
import { formatTime, plural } from '../../ui/format';
import { Page } from '../../ui/page';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { AlertDetail } from './alert-detail';
import { type AlertFilter, AlertFilters, LEVELS, STATUSES } from './alert-filters';
import './alerts.css';

type Alert = components['schemas']['Alert'];
type Level = (typeof LEVELS)[number];
type Status = (typeof STATUSES)[number];

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

/**
 * `/alerts` and `/alerts/:alertId`: the account's alerts (GET /alerts, newest first) filtered
 * by the API's parameters, and the selected one in a panel beside them. alertWebLink, the link
 * of every alert message, is `/console/alerts?ruleId=...`: that opens the rule's newest active
 * alert (else its newest) at once.
 */
export function AlertsScreen() {
  const { api } = useSession();
  const { alertId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const status = pick<Status>(params.get('status'), STATUSES);
  const level = pick<Level>(params.get('level'), LEVELS);
  const filter: AlertFilter = { ruleId: params.get('ruleId') ?? undefined, status, level };
  const alerts = useQuery({
    queryKey: ['alerts', filter],
    queryFn: () =>
      ok(
        api.GET('/alerts', {
          params: {
            query: {
              ruleId: filter.ruleId,
              status,
              level,
              limit: 100,
            },
          },
        }),
      ),
  });
  const search = params.toString() === '' ? '' : `?${params.toString()}`;

  const list = alerts.data?.alerts;
  useEffect(() => {
    if (alertId !== undefined || filter.ruleId === undefined || list === undefined) return;
    const chosen = list.find((a) => a.status === 'ACTIVE') ?? list[0];
    if (chosen !== undefined) void navigate(`/alerts/${chosen.id}${search}`, { replace: true });
  }, [alertId, filter.ruleId, list, navigate, search]);

  const change = (name: keyof AlertFilter, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <Page title="Alerts">
      <AlertFilters filter={filter} onChange={change} />
      <div className="split alerts-split">
        <section aria-labelledby="alerts-list">
          <h2 id="alerts-list">
            {list === undefined ? 'Alert list' : plural(list.length, 'alert')}
            {alerts.data?.cursor !== undefined ? ' (first page)' : ''}
          </h2>
          {alerts.isPending && <Loading what="alerts" />}
          {alerts.isError && <ErrorNote error={alerts.error} />}
          {list !== undefined && list.length === 0 && (
            <Empty>No alert matches these filters.</Empty>
          )}
          {list !== undefined && list.length > 0 && (
            <DataTable<Alert>
              caption="Alerts, newest first"
              rows={list}
              rowKey={(a) => a.id}
              columns={[
                {
                  header: 'Rule',
                  cell: (a) => (
                    <Link
                      to={`/alerts/${a.id}${search}`}
                      aria-current={a.id === alertId ? 'true' : undefined}
                    >
                      {a.ruleName}
                    </Link>
                  ),
                },
                {
                  header: 'Level',
                  cell: (a) => <span className={`badge level-${a.level}`}>{a.level}</span>,
                },
                {
                  header: 'Status',
                  cell: (a) => <span className={`badge status-${a.status}`}>{a.status}</span>,
                },
                { header: 'Raised', cell: (a) => formatTime(a.createdOn) },
              ]}
            />
          )}
        </section>
        <div className="alerts-detail">
          {alertId !== undefined ? (
            <AlertDetail key={alertId} alertId={alertId} />
          ) : (
            <Empty>Choose an alert to see what raised it.</Empty>
          )}
        </div>
      </div>
    </Page>
  );
}
