import { checkAgainst } from '../contract/contract-schemas';
import { schemaErrorMessage } from '../contract/schema-error-message';
import { ValidationError } from '../errors/app-error';
import type { ChangeEventType, SubscriptionFilter, SubscriptionTarget } from './subscription-types';

/**
 * A subscription body (POST and PUT) as the service takes it: openapi.yaml's
 * SubscriptionRequest has checked its shape (the validator's messages); what is left here is what
 * the schema cannot say: a webhook's secret is required unless one is stored already.
 */
export interface SubscriptionInput {
  name: string;
  target: SubscriptionTarget;
  /** A webhook target's secret as sent; undefined when not sent. */
  secret: string | undefined;
  filter: SubscriptionFilter;
  enabled: boolean;
}

interface Body {
  name: string;
  target: {
    kind: SubscriptionTarget['kind'];
    url?: string;
    secret?: string;
    integrationInstanceId?: string;
    queueUrl?: string;
    topicArn?: string;
  };
  filter?: { scopes?: string[]; sources?: string[]; types?: ChangeEventType[] };
  enabled?: boolean;
}

/**
 * openapi.yaml's SubscriptionRequest with the house messages (`/target/url must be an http:// or
 * https:// URL`): what the HTTP edge checks before the handler runs (src/http/contract-validation.ts).
 */
export function checkSubscriptionShape(body: unknown): void {
  checkAgainst('SubscriptionRequest', body, 'The subscription', (error, subject) =>
    schemaErrorMessage(error, subject),
  );
}

/** `hasStoredSecret`: PUT over a webhook subscription may leave its secret out (it is kept). */
export function subscriptionInput(body: unknown, hasStoredSecret = false): SubscriptionInput {
  const b = body as Body;
  const t = b.target;
  const secret = t.kind === 'webhook' ? t.secret : undefined;
  if (t.kind === 'webhook' && secret === undefined && !hasStoredSecret) {
    throw new ValidationError('target.secret is required for a webhook target');
  }
  if (t.kind !== 'webhook' && t.secret !== undefined) {
    throw new ValidationError(`target.secret is only for a webhook target, not a ${t.kind} one`);
  }
  return {
    name: b.name,
    target: targetOf(t),
    secret,
    filter: filterOf(b.filter ?? {}),
    enabled: b.enabled ?? true,
  };
}

function targetOf(t: Body['target']): SubscriptionTarget {
  const need = (field: 'url' | 'integrationInstanceId' | 'queueUrl' | 'topicArn'): string => {
    const v = t[field];
    if (typeof v !== 'string' || v === '') {
      throw new ValidationError(`target.${field} is required for a ${t.kind} target`);
    }
    return v;
  };
  switch (t.kind) {
    case 'webhook':
      return { kind: 'webhook', url: need('url') };
    case 'queue':
      return {
        kind: 'queue',
        integrationInstanceId: need('integrationInstanceId'),
        queueUrl: need('queueUrl'),
      };
    case 'topic':
      return {
        kind: 'topic',
        integrationInstanceId: need('integrationInstanceId'),
        topicArn: need('topicArn'),
      };
  }
}

function filterOf(f: NonNullable<Body['filter']>): SubscriptionFilter {
  const out: SubscriptionFilter = {};
  if (f.scopes !== undefined) out.scopes = [...new Set(f.scopes)];
  if (f.sources !== undefined) out.sources = [...new Set(f.sources)];
  if (f.types !== undefined) out.types = [...new Set(f.types)];
  return out;
}
