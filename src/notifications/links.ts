/**
 * Where notifications point: pages of the web console (decision 0058) and the API's evaluation
 * records, under the service's public base URL (PUBLIC_URL, else the address it listens on).
 */
export interface Links {
  console: string;
  entity(id: string): string;
  rule(id: string): string;
  /** The rule's alerts: the console opens its newest active one (alertWebLink's form). */
  ruleAlerts(id: string): string;
  alerts: string;
  evaluation(ruleId: string, evaluationId: string): string;
}

export function linksOf(baseUrl: string): Links {
  const base = baseUrl.replace(/\/+$/, '');
  const console = `${base}/console`;
  const id = encodeURIComponent;
  return {
    console,
    entity: (entityId) => `${console}/entities/${id(entityId)}`,
    rule: (ruleId) => `${console}/rules/${id(ruleId)}`,
    ruleAlerts: (ruleId) => `${console}/alerts?ruleId=${id(ruleId)}`,
    alerts: `${console}/alerts`,
    evaluation: (ruleId, evaluationId) =>
      `${base}/rules/${id(ruleId)}/evaluations/${id(evaluationId)}`,
  };
}
