import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../session/session';
import { Page } from '../../ui/page';
import { ErrorNote } from '../../ui/states';
import { JobProgress } from '../jobs/job-progress';
import { StatusBadge } from '../jobs/job-status';
import { useProgressStream } from '../jobs/progress-stream';
import {
  abandonJob,
  finalizeJob,
  type FinalizePreview,
  previewFinalize,
  putBulkFile,
  startJob,
  type SyncJob,
  uploadFile,
} from './upload-api';
import { type UploadChoice, UploadForm } from './upload-form';
import { UploadPreview } from './upload-preview';
import { UploadSteps } from './upload-steps';
import './upload.css';

type Stage =
  | { name: 'choose' }
  | { name: 'preview'; job: SyncJob; preview?: FinalizePreview; previewError?: unknown }
  | { name: 'finalize'; job: SyncJob };

/** An error of one step, named for the user ("Upload: CSV line 3: ..."). */
class StepError extends Error {
  constructor(
    readonly step: string,
    readonly failed: unknown,
  ) {
    super(failed instanceof Error ? failed.message : String(failed));
  }
}

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StepError(name, error);
  }
}

/**
 * Bulk upload: choose a file, scope and mode; start a job and upload the file; preview what the
 * finalize would do; finalize and watch its progress; open the job.
 */
export function UploadScreen() {
  const { api } = useSession();
  const [stage, setStage] = useState<Stage>({ name: 'choose' });

  const upload = useMutation({
    mutationFn: async (choice: UploadChoice) => {
      const started = await step('Start job', () => startJob(api, choice.scope, choice.syncMode));
      const job = await step('Upload', async () => {
        try {
          const send = choice.bulk ? putBulkFile : uploadFile;
          return await send(api, started.id, choice.file, choice.contentType);
        } catch (error) {
          // A refused file leaves an empty job: end it so nothing waits on the scope.
          await abandonJob(api, started.id, 'Upload refused').catch(() => undefined);
          throw error;
        }
      });
      try {
        return { job, preview: await previewFinalize(api, job.id) };
      } catch (previewError) {
        // Some jobs cannot be previewed (PREVIEW_NOT_SUPPORTED): say why, finalize still works.
        return { job, previewError };
      }
    },
    onSuccess: (answer) => setStage({ name: 'preview', ...answer }),
  });
  const finalize = useMutation({
    mutationFn: (job: SyncJob) => step('Finalize', () => finalizeJob(api, job.id)),
  });
  const cancel = useMutation({
    mutationFn: (job: SyncJob) => step('Cancel', () => abandonJob(api, job.id, 'Cancelled')),
    onSuccess: () => setStage({ name: 'choose' }),
  });

  const jobId = stage.name === 'choose' ? '' : stage.job.id;
  const progress = useProgressStream(jobId, stage.name === 'finalize', () => undefined);
  const finalJob = finalize.data;
  const failure = upload.error ?? finalize.error ?? cancel.error;

  return (
    <Page title="Bulk upload">
      <UploadSteps current={stage.name} />
      {failure !== null && (
        <ErrorNote
          error={failure instanceof StepError ? failure.failed : failure}
          title={failure instanceof StepError ? failure.step : undefined}
        />
      )}
      {stage.name === 'choose' && (
        <UploadForm busy={upload.isPending} onSubmit={(choice) => upload.mutate(choice)} />
      )}
      {stage.name === 'preview' && (
        <section className="card" aria-labelledby="upload-preview">
          <h2 id="upload-preview">2. Preview of job {stage.job.id}</h2>
          <p>
            Uploaded {stage.job.numEntitiesUploaded} entities and{' '}
            {stage.job.numRelationshipsUploaded} relationships to scope{' '}
            <strong>{stage.job.scope}</strong> ({stage.job.syncMode}). Nothing is written until you
            finalize.
          </p>
          {stage.preview !== undefined && <UploadPreview preview={stage.preview} />}
          {stage.previewError !== undefined && <PreviewUnavailable error={stage.previewError} />}
          <div className="pager">
            <button
              type="button"
              disabled={finalize.isPending}
              onClick={() => {
                // The stream follows the finalize while it runs; a refused finalize returns here
                // with its message, and Finalize and Cancel stay offered.
                const previewing = stage;
                setStage({ name: 'finalize', job: stage.job });
                finalize.mutate(stage.job, { onError: () => setStage(previewing) });
              }}
            >
              Finalize
            </button>
            <button
              type="button"
              className="button-quiet"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(stage.job)}
            >
              Cancel and discard
            </button>
          </div>
        </section>
      )}
      {stage.name === 'finalize' && (
        <section className="card" aria-labelledby="upload-finalize">
          <h2 id="upload-finalize">3. Finalize job {stage.job.id}</h2>
          <JobProgress event={progress.latest} error={progress.error} />
          {finalJob !== undefined && (
            <p>
              The finalize answered <StatusBadge status={finalJob.status} />.{' '}
              <Link to={`/jobs/${encodeURIComponent(finalJob.id)}`}>Open job {finalJob.id}</Link>
            </p>
          )}
          <button
            type="button"
            className="button-quiet"
            onClick={() => {
              finalize.reset();
              upload.reset();
              setStage({ name: 'choose' });
            }}
          >
            Upload another file
          </button>
        </section>
      )}
    </Page>
  );
}

function PreviewUnavailable(props: { error: unknown }) {
  const { error } = props;
  const message = error instanceof ApiError ? error.message : String(error);
  return (
    <p className="state state-empty" role="status">
      No preview: {message}
    </p>
  );
}
