import type { components } from '../generated/openapi';

/** One change as the API shows it (openapi.yaml's Change). */
export type Change = components['schemas']['Change'];
export type ChangeKind = components['schemas']['ChangeKind'];

export interface ChangePage {
  changes: Change[];
  /** Pass back for the next page; absent on the last one. */
  cursor?: string;
}

interface PageInput {
  accountId: string;
  /** Page size, 1..1000; default 100. */
  limit?: number | undefined;
  /** The `cursor` of the previous page, as given. */
  cursor?: string | undefined;
}

export interface EntityHistoryInput extends PageInput {
  entityId: string;
}

export interface JobChangesInput extends PageInput {
  jobId: string;
  kind?: ChangeKind | undefined;
}

/** What the HTTP adapters need of the change history (decision 0045). */
export interface HistoryApi {
  entityHistory(input: EntityHistoryInput): Promise<ChangePage>;
  jobChanges(input: JobChangesInput): Promise<ChangePage>;
}
