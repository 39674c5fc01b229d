import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SyncMode, UploadOptions } from '../../../../src/sync/jobs/job-types';
import { validateStart } from '../../../../src/sync/intake/start-validation';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import { CLIENT_TRAFFIC_DIR } from '../../../helpers/client-traffic';
import { DELETE_LISTS } from './upload-validation-helpers';

/**
 * validateUpload on real client traffic (test/fixtures/client-traffic): the recorded start and
 * upload bodies.
 */
describe('validateUpload', () => {
  describe('real client traffic (test/fixtures/client-traffic)', () => {
    interface Recorded {
      method: string;
      url: string;
      headers: Record<string, string>;
      body?: unknown;
      response?: { job?: { id?: string } };
    }

    const dir = CLIENT_TRAFFIC_DIR;

    function recordings(): Array<{ file: string; requests: Recorded[] }> {
      return readdirSync(dir)
        .filter((file) => file.endsWith('.jsonl'))
        .sort()
        .map((file) => ({
          file,
          requests: readFileSync(path.join(dir, file), 'utf8')
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as Recorded),
        }));
    }

    const JOBS = '/persister/synchronization/jobs';
    const UPLOAD =
      /^\/persister\/synchronization\/jobs\/([^/?]+)\/(upload|entities|relationships)$/;

    interface Job {
      /** The start body's mode as sent (CREATE_OR_UPDATE included). */
      mode: string;
      scope: string | undefined;
      ignoreDuplicates: boolean;
    }

    function jobsAndUploads() {
      const uploads: Array<{ where: string; job: Job; opts: UploadOptions; body: unknown }> = [];
      let starts = 0;
      for (const { file, requests } of recordings()) {
        const jobs = new Map<string, Job>();
        requests.forEach((request, n) => {
          const url = new URL(request.url, 'http://recorded');
          const where = `${file}#${n + 1} ${request.method} ${request.url}`;
          if (request.method === 'POST' && url.pathname === JOBS) {
            starts += 1;
            const body = request.body as Record<string, unknown>;
            const mode = typeof body.syncMode === 'string' ? body.syncMode : 'DIFF';
            if (mode === 'CREATE_OR_UPDATE') {
              assert.throws(() => validateStart(body, ['PUT', 'OVERRIDE']), {
                code: 'VALIDATION_ERROR',
                message: 'CREATE_OR_UPDATE sync mode is deprecated and no longer functions',
              });
            }
            const start =
              mode === 'CREATE_OR_UPDATE' ? undefined : validateStart(body, ['PUT', 'OVERRIDE']);
            const id = request.response?.job?.id;
            assert.ok(id, `${where}: recorded start has no job id`);
            jobs.set(id, {
              mode,
              scope: start?.scope,
              ignoreDuplicates: start?.ignoreDuplicates ?? false,
            });
            return;
          }
          const match = UPLOAD.exec(url.pathname);
          if (request.method !== 'POST' || !match) return;
          const job = jobs.get(match[1]!);
          assert.ok(job, `${where}: upload to a job that was not started in this file`);
          uploads.push({
            where,
            job,
            body: request.body,
            opts: {
              syncMode: job.mode === 'CREATE_OR_UPDATE' ? 'DIFF' : (job.mode as SyncMode),
              scope: job.scope,
              ignoreDuplicates:
                job.ignoreDuplicates || url.searchParams.get('ignoreDuplicates') === 'true',
              ignoreIllegalProperties: url.searchParams.get('ignoreIllegalProperties') === 'true',
              route: match[2] as UploadOptions['route'],
            },
          });
        });
      }
      return { starts, uploads };
    }

    const isDeleteList = (body: unknown) =>
      typeof body === 'object' &&
      body !== null &&
      ('deleteEntities' in body || 'deleteRelationships' in body);

    it('every start body validates, except the deprecated CREATE_OR_UPDATE', () => {
      assert.ok(jobsAndUploads().starts >= 16);
    });

    it('every JSON upload body of a DIFF job validates, object for object', () => {
      let checked = 0;
      for (const { where, job, opts, body } of jobsAndUploads().uploads) {
        // CSV bodies are parsed into this JSON shape before validation, elsewhere.
        if (job.mode !== 'DIFF' || typeof body === 'string' || isDeleteList(body)) continue;
        const sent = body as { entities?: unknown[]; relationships?: unknown[] };
        const batch = validateUpload(body, opts);
        if (opts.route !== 'relationships') {
          assert.equal(batch.entities.length, sent.entities?.length ?? 0, where);
        }
        if (opts.route !== 'entities') {
          assert.equal(batch.relationships.length, sent.relationships?.length ?? 0, where);
        }
        checked += 1;
      }
      assert.ok(checked >= 25, `only ${checked} DIFF upload bodies checked`);
    });

    it('keeps the SDK raw data of a recorded upload', () => {
      const upload = jobsAndUploads().uploads.find(
        (u) => u.where.startsWith('cli17-sync.jsonl') && u.opts.route === 'entities',
      );
      assert.ok(upload);
      const [host] = validateUpload(upload.body, upload.opts).entities;
      assert.deepEqual(host!.rawData, [
        { name: 'default', contentType: 'application/json', body: { id: 1, ip: '10.0.0.1' } },
      ]);
    });

    it('every deleteEntities / deleteRelationships upload is rejected towards the entity API', () => {
      const deletes = jobsAndUploads().uploads.filter((u) => isDeleteList(u.body));
      assert.ok(deletes.length >= 3);
      for (const { where, opts, body } of deletes) {
        assert.throws(
          () => validateUpload(body, opts),
          { code: 'VALIDATION_ERROR', message: DELETE_LISTS },
          where,
        );
      }
    });

    it('PATCH uploads: keyed entities pass with a scope; without a scope they need _id (as in JupiterOne)', () => {
      const patches = jobsAndUploads().uploads.filter(
        (u) => u.job.mode === 'PATCH' && !isDeleteList(u.body),
      );
      assert.equal(patches.length, 2);
      for (const { where, opts, body } of patches) {
        if (opts.scope === undefined) {
          assert.throws(
            () => validateUpload(body, opts),
            { message: '/entities/0/_id is required' },
            where,
          );
        } else {
          assert.equal(validateUpload(body, opts).entities.length, 2, where);
        }
      }
    });
  });
});
