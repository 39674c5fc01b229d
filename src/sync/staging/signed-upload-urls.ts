import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BulkUploadTarget, BulkUploadUrls } from './bulk-upload-urls';

/** Where graphsync itself takes bulk files (openapi.yaml: putSyncJobBulkFile). */
export const BULK_UPLOAD_PATH = '/persister/synchronization/bulk-uploads';

/**
 * Bulk upload URLs served by graphsync itself:
 * `<publicUrl>/persister/synchronization/bulk-uploads/<jobId>?accountId=..&expiresAt=..&signature=..`
 * where the signature is an HMAC-SHA256 of (account, job, expiry) under the service's secret. The
 * URL is the credential (the PUT carries no API key): changing any part of it breaks the
 * signature.
 */
export class SignedUploadUrls implements BulkUploadUrls {
  constructor(
    private readonly opts: {
      secret: Buffer;
      /** Base of the URLs, e.g. `http://127.0.0.1:8080` (read when a URL is issued). */
      publicUrl: () => string;
    },
  ) {}

  issue(target: BulkUploadTarget): string {
    const query = new URLSearchParams({
      accountId: target.accountId,
      expiresAt: String(target.expiresAt),
      signature: this.sign(target),
    });
    return `${this.opts.publicUrl()}${BULK_UPLOAD_PATH}/${encodeURIComponent(target.jobId)}?${query.toString()}`;
  }

  /** Whether `signature` is this service's for the target (its expiry is not checked here). */
  verify(target: BulkUploadTarget, signature: string): boolean {
    const expected = Buffer.from(this.sign(target));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(target: BulkUploadTarget): string {
    // JSON keeps the fields apart whatever they contain; the tag keeps these MACs from ever
    // matching another use of the secret.
    const message = JSON.stringify([
      'graphsync-bulk-upload-v1',
      target.accountId,
      target.jobId,
      target.expiresAt,
    ]);
    return createHmac('sha256', this.opts.secret).update(message).digest('base64url');
  }
}
