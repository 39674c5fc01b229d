import type { DeleteGuardSettings } from '../../accounts/delete-guard-setting';
import type { FinalizePreviewer } from '../finalize/finalize-preview';
import { parseFinalize } from '../intake/request-bodies';
import type { FinalizePreview, JobRef, SafeSyncApi } from './job-service-contract';
import type { JobStore } from './job-store';
import { requireAwaitingUploads } from './sync-job-service';

/**
 * The finalize preview and the account's delete guard setting (docs/guide/safe-sync.md). The
 * preview runs here, in the API process, for the request; the guard itself runs in the
 * finalization (delete-guard.ts).
 */
export class SafeSyncService implements SafeSyncApi {
  constructor(
    private readonly deps: {
      jobs: JobStore;
      previewer: FinalizePreviewer;
      settings: DeleteGuardSettings;
    },
  ) {}

  async preview(input: JobRef & { body: unknown }): Promise<FinalizePreview> {
    const { partialDatasetTypes } = parseFinalize(input.body);
    const job = await this.deps.jobs.get({ accountId: input.accountId, jobId: input.jobId });
    requireAwaitingUploads(job);
    return this.deps.previewer.preview({ ...job, partialDatasetTypes });
  }

  deleteGuard(accountId: string): Promise<number | null> {
    return this.deps.settings.get(accountId);
  }

  setDeleteGuard(input: { accountId: string; percent: unknown }): Promise<number | null> {
    return this.deps.settings.set(input.accountId, input.percent);
  }
}
