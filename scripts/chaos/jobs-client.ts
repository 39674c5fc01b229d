/**
 * The sync job API as a client sees it (HTTP to the API on 127.0.0.1), including a finalize that
 * retries like a real client: on 503 it tries again; on 409 it reads the job and tries again only
 * if the job was handed back (AWAITING_UPLOADS).
 */
export const JOBS = '/persister/synchronization/jobs';

export interface JobView {
  id: string;
  status: string;
  done: boolean;
  error?: string;
  numEntitiesUploaded: number;
  numEntitiesCreated: number;
  numEntitiesUpdated: number;
  numEntitiesDeleted: number;
  numEntityUpdateErrors: number;
  numRelationshipsUploaded: number;
  numRelationshipsCreated: number;
  numRelationshipsUpdated: number;
  numRelationshipsDeleted: number;
  numRelationshipCreateErrors: number;
}

export interface HttpResult {
  status: number;
  body: unknown;
}

const REQUEST_TIMEOUT_MS = 120_000;

export class JobsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<HttpResult> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...this.headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  }

  async start(scope: string): Promise<string> {
    const res = await this.request('POST', JOBS, { source: 'api', scope });
    return jobOf(res, 'start').id;
  }

  upload(id: string, body: object): Promise<HttpResult> {
    return this.request('POST', `${JOBS}/${id}/upload`, body);
  }

  finalize(id: string): Promise<HttpResult> {
    return this.request('POST', `${JOBS}/${id}/finalize`, {});
  }

  async get(id: string): Promise<JobView> {
    return jobOf(await this.request('GET', `${JOBS}/${id}`), 'get');
  }

  /** The job, or undefined when the API cannot answer right now (Neo4j down, ...). */
  async tryGet(id: string): Promise<JobView | undefined> {
    try {
      return await this.get(id);
    } catch {
      return undefined;
    }
  }

  /**
   * Finalize as a client that means it: until the job is FINALIZE_PENDING or final, or `deadline`.
   * Returns every status answered, in order.
   */
  async finalizeLikeClient(id: string, deadline: number, retryMs = 500): Promise<number[]> {
    const statuses: number[] = [];
    while (Date.now() < deadline) {
      let res: HttpResult;
      try {
        res = await this.finalize(id);
      } catch {
        statuses.push(0); // no answer at all
        await new Promise((r) => setTimeout(r, retryMs));
        continue;
      }
      statuses.push(res.status);
      if (res.status === 200) return statuses;
      if (res.status === 409) {
        const job = await this.tryGet(id);
        if (job !== undefined && job.status !== 'AWAITING_UPLOADS') return statuses;
      } else if (res.status !== 503) {
        return statuses;
      }
      await new Promise((r) => setTimeout(r, retryMs));
    }
    return statuses;
  }
}

export function jobOf(res: HttpResult, what: string): JobView {
  const job = (res.body as { job?: JobView } | null)?.job;
  if (res.status !== 200 || job === undefined) {
    throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  }
  return job;
}
