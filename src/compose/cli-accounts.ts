import {
  type Account,
  AccountService,
  type ApiKey,
  type CreatedApiKey,
} from '../accounts/account-service';
import { auditRecordOf } from '../audit/audit-change';
import type { AuditMark } from '../audit/audit-mark';
import { AuditService } from '../audit/audit-service';
import type { Config } from '../config/config';
import type { Graph } from '../graph/graph';

/**
 * The account service of the `graphsync` command line: each change it makes (the CLI's audited
 * commands, listed here once) is recorded in the audit trail with the actor `cli`, as the HTTP
 * edge records the API's (src/http/audit-trail.ts). Reads are not recorded.
 */
export function cliAccountService(graph: Graph, config: Config): AccountService {
  return new CliAccountService(
    graph,
    new AuditService({ graph, retentionMs: config.audit.retentionMs }),
  );
}

const CLI_AUDITED = {
  accountCreate: {
    command: 'account create',
    mark: { target: 'account', action: 'create', idFrom: 'response.account.id' },
  },
  accountSetFeatures: {
    command: 'account set-features',
    mark: { target: 'account', action: 'update', idFrom: 'response.account.id' },
  },
  keyCreate: {
    command: 'key create',
    mark: { target: 'apiKey', action: 'create', idFrom: 'response.key.id' },
  },
  keyRevoke: {
    command: 'key revoke',
    mark: { target: 'apiKey', action: 'delete', idFrom: 'response.key.id' },
  },
} as const satisfies Record<string, { command: string; mark: AuditMark }>;

/** The input of an AccountService change, as the overrides below take it unchanged. */
type Input<M extends 'createAccount' | 'setFeatures' | 'createApiKey' | 'revokeApiKey'> =
  Parameters<AccountService[M]>[0];

class CliAccountService extends AccountService {
  constructor(
    graph: Graph,
    private readonly audit: AuditService,
  ) {
    super({ graph });
  }

  override async createAccount(input: Input<'createAccount'>): Promise<Account> {
    const account = await super.createAccount(input);
    await this.record(CLI_AUDITED.accountCreate, account.id, input, { account });
    return account;
  }

  override async setFeatures(input: Input<'setFeatures'>): Promise<Account> {
    const account = await super.setFeatures(input);
    await this.record(
      CLI_AUDITED.accountSetFeatures,
      account.id,
      { features: input.features },
      {
        account,
      },
    );
    return account;
  }

  override async createApiKey(input: Input<'createApiKey'>): Promise<CreatedApiKey> {
    const key = await super.createApiKey(input);
    const request = { name: input.name, roles: input.roles };
    await this.record(CLI_AUDITED.keyCreate, input.accountId, request, { key });
    return key;
  }

  override async revokeApiKey(input: Input<'revokeApiKey'>): Promise<ApiKey> {
    const key = await super.revokeApiKey(input);
    await this.record(CLI_AUDITED.keyRevoke, input.accountId, {}, { key });
    return key;
  }

  private async record(
    audited: { command: string; mark: AuditMark },
    accountId: string,
    request: unknown,
    response: unknown,
  ): Promise<void> {
    const event = auditRecordOf({
      mark: audited.mark,
      operation: audited.command,
      actor: { type: 'cli' },
      accountId,
      params: {},
      request,
      response,
      requestId: null,
    });
    if (event !== undefined) await this.audit.record(event);
  }
}
