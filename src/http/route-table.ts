import fs from 'node:fs';
import { parse } from 'yaml';
import { isKeyRole, KEY_ROLES, type KeyRole } from '../accounts/key-roles';
import { type AuditMark, auditMarkOf } from '../audit/audit-mark';

/**
 * openapi.yaml is the route table. This reads its operations once: method, path template,
 * operationId and who may call it: for an account operation, the key roles it accepts (the scopes of
 * `apiKey` in its `security`; this is the only place they are read). Requests are matched here first so that an unknown path is a
 * 404 (and a known path with another method a 405) before authentication runs.
 */
export type Access = 'public' | 'account' | 'admin';
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Operation {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI template, e.g. /admin/accounts/{accountId}. */
  readonly path: string;
  /** Express path, e.g. /admin/accounts/:accountId. */
  readonly expressPath: string;
  readonly access: Access;
  /**
   * The key roles of which any one suffices (one per requirement object of its `security`, in
   * order); none for public and admin operations.
   */
  readonly roles: readonly KeyRole[];
  /** The media types of its request body (`requestBody.content`), lower case; none without one. */
  readonly requestMediaTypes: readonly string[];
  /** `requestBody.required`: false for an operation whose body may be left out (or absent). */
  readonly bodyRequired: boolean;
  /** `x-body-checked-by: service`: the handler checks the body with its own rules and messages. */
  readonly serviceChecksBody: boolean;
  /** The component its JSON request body refers to (`#/components/schemas/<Name>`), if any. */
  readonly requestBodySchema?: string;
  /** `x-audit`: the operation's successful changes are recorded in the audit trail. */
  readonly audit?: AuditMark;
}

export type RouteMatch =
  | { kind: 'found'; operation: Operation }
  | { kind: 'wrong-method'; allowed: HttpMethod[] }
  | { kind: 'none' };

interface SpecOperation {
  operationId?: string;
  security?: Array<Record<string, unknown>>;
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: { $ref?: unknown } } | undefined>;
  };
  'x-body-checked-by'?: string;
  'x-audit'?: unknown;
}
interface Spec {
  security?: Array<Record<string, unknown>>;
  paths?: Record<string, Partial<Record<HttpMethod, SpecOperation>>>;
}

export class RouteTable {
  private readonly byPath: Array<{ regex: RegExp; operations: Operation[] }>;

  constructor(readonly operations: readonly Operation[]) {
    const groups = new Map<string, Operation[]>();
    for (const op of operations) groups.set(op.path, [...(groups.get(op.path) ?? []), op]);
    this.byPath = [...groups].map(([template, ops]) => ({
      regex: templateRegex(template),
      operations: ops,
    }));
  }

  static fromFile(file: string): RouteTable {
    return RouteTable.fromSpec(parse(fs.readFileSync(file, 'utf8')) as Spec);
  }

  static fromSpec(spec: Spec): RouteTable {
    const ops: Operation[] = [];
    for (const [template, item] of Object.entries(spec.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (op === undefined) continue;
        if (op.operationId === undefined)
          throw new Error(`openapi.yaml: ${method.toUpperCase()} ${template} has no operationId`);
        const security = op.security ?? spec.security ?? [];
        const access = accessOf(security);
        ops.push({
          operationId: op.operationId,
          method,
          path: template,
          expressPath: template.replace(/\{([^}]+)\}/g, ':$1'),
          access,
          roles: access === 'account' ? rolesOf(op.operationId, security) : [],
          requestMediaTypes: Object.keys(op.requestBody?.content ?? {}).map((t) => t.toLowerCase()),
          bodyRequired: op.requestBody?.required === true,
          serviceChecksBody: op['x-body-checked-by'] === 'service',
          ...bodySchemaOf(op),
          ...auditOf(op.operationId, op['x-audit']),
        });
      }
    }
    return new RouteTable(ops);
  }

  match(method: string, urlPath: string): RouteMatch {
    const m = method.toLowerCase();
    for (const { regex, operations } of this.byPath) {
      if (!regex.test(urlPath)) continue;
      const op = operations.find((o) => o.method === m || (m === 'head' && o.method === 'get'));
      return op === undefined
        ? { kind: 'wrong-method', allowed: operations.map((o) => o.method) }
        : { kind: 'found', operation: op };
    }
    return { kind: 'none' };
  }

  /** Start-up check: every operationId has exactly one handler and every handler an operation. */
  assertHandlers(handlerIds: readonly string[]): void {
    const opIds = this.operations.map((o) => o.operationId);
    const dupOps = opIds.filter((id, i) => opIds.indexOf(id) !== i);
    const missing = opIds.filter((id) => !handlerIds.includes(id));
    const extra = handlerIds.filter((id) => !opIds.includes(id));
    const problems = [
      ...dupOps.map((id) => `operationId '${id}' appears more than once in openapi.yaml`),
      ...missing.map((id) => `operation '${id}' has no handler`),
      ...extra.map((id) => `handler '${id}' matches no operation in openapi.yaml`),
    ];
    if (problems.length > 0)
      throw new Error(`openapi.yaml and the handler map disagree:\n  ${problems.join('\n  ')}`);
  }
}

function auditOf(operationId: string, value: unknown): { audit?: AuditMark } {
  const audit = auditMarkOf(operationId, value);
  return audit === undefined ? {} : { audit };
}

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

function bodySchemaOf(op: SpecOperation): { requestBodySchema?: string } {
  const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
  const name = typeof ref === 'string' ? COMPONENT_REF.exec(ref)?.[1] : undefined;
  return name === undefined ? {} : { requestBodySchema: name };
}

function accessOf(security: Array<Record<string, unknown>>): Access {
  if (security.length === 0) return 'public';
  const schemes = new Set(security.flatMap((s) => Object.keys(s)));
  if (schemes.has('adminToken')) return 'admin';
  return 'account';
}

/**
 * The roles an account operation accepts: each requirement object names exactly one role as the
 * scope of `apiKey` (OpenAPI ANDs the scopes of one requirement and ORs the requirements, so
 * "read or ingest" is two requirements). None, or an unknown one, refuses the route table, and
 * so the service's start.
 */
function rolesOf(operationId: string, security: Array<Record<string, unknown>>): KeyRole[] {
  const roles: KeyRole[] = [];
  for (const requirement of security) {
    const scopes = requirement.apiKey;
    if (!Array.isArray(scopes) || scopes.length !== 1 || !isKeyRole(scopes[0])) {
      throw new Error(
        `openapi.yaml: operation '${operationId}' must name exactly one key role (${KEY_ROLES.join(', ')}) as the apiKey scope of each security requirement, not ${JSON.stringify(scopes ?? null)}`,
      );
    }
    if (!roles.includes(scopes[0])) roles.push(scopes[0]);
  }
  return roles;
}

function templateRegex(template: string): RegExp {
  const body = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}/?$`);
}
