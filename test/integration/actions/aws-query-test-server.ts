import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server playing SNS and STS (both AWS query protocol: a form-encoded POST with
 * `Action=...`), for PUBLISH_TOPIC_MESSAGE tests: it records every request as received and answers
 * Publish with a PublishResponse (MessageId `msg-<n>`) and AssumeRole with fixed temporary
 * credentials, unless a test queued other answers (a 500, an XML ErrorResponse...).
 */
export interface ReceivedAwsRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  params: Record<string, string>;
}

export interface CannedAnswer {
  /** 0: no answer at all. */
  status: number;
  body: string;
}

/** The credentials every AssumeRole is answered with. */
export const ASSUMED = {
  accessKeyId: 'ASIAASSUMEDKEY000001',
  secretAccessKey: 'assumed-secret-access-key-0123456789',
  sessionToken: 'assumed-session-token-abcdefghijklmnop',
};

export class AwsQueryTestServer {
  readonly requests: ReceivedAwsRequest[] = [];
  /** Answers to the next requests of an action, in order; afterwards the normal answer. */
  private readonly queued = new Map<string, CannedAnswer[]>();
  private server: http.Server | undefined;
  private published = 0;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(body));
        this.requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body,
          params,
        });
        const answer = this.answer(params.Action ?? '');
        if (answer.status === 0) return; // never answered: the client's timeout
        res.writeHead(answer.status, { 'content-type': 'text/xml' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** Answers the next requests of `action` (Publish, AssumeRole) with these. */
  queue(action: string, ...answers: CannedAnswer[]): void {
    this.queued.set(action, [...(this.queued.get(action) ?? []), ...answers]);
  }

  reset(): void {
    this.requests.length = 0;
    this.queued.clear();
    this.published = 0;
  }

  private answer(action: string): CannedAnswer {
    const next = this.queued.get(action)?.shift();
    if (next !== undefined) return next;
    if (action === 'Publish') {
      this.published += 1;
      return { status: 200, body: publishResponse(`msg-${this.published}`) };
    }
    if (action === 'AssumeRole') return { status: 200, body: assumeRoleResponse() };
    return errorResponse(
      400,
      'InvalidAction',
      `The action ${action} is not valid for this endpoint.`,
    );
  }
}

export function publishResponse(messageId: string): string {
  return `<PublishResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/">
  <PublishResult><MessageId>${messageId}</MessageId></PublishResult>
  <ResponseMetadata><RequestId>req-1</RequestId></ResponseMetadata>
</PublishResponse>`;
}

function assumeRoleResponse(): string {
  return `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleResult>
    <Credentials>
      <AccessKeyId>${ASSUMED.accessKeyId}</AccessKeyId>
      <SecretAccessKey>${ASSUMED.secretAccessKey}</SecretAccessKey>
      <SessionToken>${ASSUMED.sessionToken}</SessionToken>
      <Expiration>2099-01-01T00:00:00Z</Expiration>
    </Credentials>
    <AssumedRoleUser>
      <Arn>arn:aws:sts::123456789012:assumed-role/graphsync/graphsync-x</Arn>
      <AssumedRoleId>AROAEXAMPLE:graphsync-x</AssumedRoleId>
    </AssumedRoleUser>
  </AssumeRoleResult>
  <ResponseMetadata><RequestId>req-2</RequestId></ResponseMetadata>
</AssumeRoleResponse>`;
}

/** An AWS query-protocol ErrorResponse, e.g. 404 NotFound `Topic does not exist`. */
export function errorResponse(status: number, code: string, message: string): CannedAnswer {
  return {
    status,
    body: `<ErrorResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/">
  <Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error>
  <RequestId>req-err</RequestId>
</ErrorResponse>`,
  };
}
