import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { JOBS, type Job, type Props, SyncClient } from './semantics-helpers';

/**
 * Shared by the safe-sync-*.test.ts files (finalize preview, delete guard): a SyncClient that
 * also previews, finalizes with `?allowDeletes=true`, sets the account's guard and reads metrics.
 * Not a test file itself.
 */
export class SafeSyncClient extends SyncClient {
  constructor(
    private readonly http: express.Express,
    readonly auth: Record<string, string>,
  ) {
    super(http, auth);
  }

  /** POST .../finalize with any query; the raw response. */
  finalizeRaw(id: string, query = '', b?: Props): Promise<request.Response> {
    const req = request(this.http).post(`${JOBS}/${id}/finalize${query}`).set(this.auth);
    return b === undefined ? req : req.send(b);
  }

  previewRaw(id: string, b?: Props): Promise<request.Response> {
    const req = request(this.http).post(`${JOBS}/${id}/finalize/preview`).set(this.auth);
    return b === undefined ? req : req.send(b);
  }

  async preview(id: string, b?: Props): Promise<Preview> {
    const res = await this.previewRaw(id, b);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { preview: Preview }).preview;
  }

  async setGuard(percent: number | null): Promise<request.Response> {
    return request(this.http).put('/account/delete-guard').set(this.auth).send({ percent });
  }

  /** A job started and given one batch (none when both lists are empty), not finalized. */
  async staged(start: Props, entities: Props[], relationships: Props[] = []): Promise<Job> {
    const job = await this.start(start);
    const batch = {
      ...(entities.length > 0 ? { entities } : {}),
      ...(relationships.length > 0 ? { relationships } : {}),
    };
    if (Object.keys(batch).length > 0) await this.upload(job.id, batch);
    return job;
  }
}

export interface PreviewCounts {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  errors: number;
  samples: Record<
    'create' | 'update' | 'delete' | 'unchanged',
    Array<{ key: string | null; changed?: string[] }>
  >;
}

export interface Preview {
  jobId: string;
  syncMode: string;
  scope: string | null;
  totals: Record<string, number>;
  entities: Record<string, PreviewCounts>;
  relationships: Record<string, PreviewCounts>;
  deleteGuard?: { percent: number; wouldStop: boolean };
}

/** The finalize counters a preview's totals hold, as the job reports them. */
export const FINALIZE_COUNTERS = [
  'numEntitiesCreated',
  'numEntitiesUpdated',
  'numEntitiesDeleted',
  'numEntityUpdateErrors',
  'numRelationshipsCreated',
  'numRelationshipsUpdated',
  'numRelationshipsDeleted',
  'numRelationshipCreateErrors',
] as const;

/** The value of one sample of the API's /metrics (0 when absent). */
export async function metric(app: express.Express, sample: string): Promise<number> {
  const res = await request(app).get('/metrics');
  assert.equal(res.status, 200);
  const line = res.text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? 0 : Number(line.slice(sample.length + 1));
}

/** `n` entities `<prefix>0..` of type `host`. */
export function hosts(n: number, prefix = 'h', extra: Props = {}): Props[] {
  return Array.from({ length: n }, (_, i) => ({
    _key: `${prefix}${i}`,
    _type: 'host',
    _class: 'Host',
    name: `${prefix}${i}`,
    ...extra,
  }));
}
