import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it: the envelope, the login, and the parsed mail. */
export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  /** `user:pass` the client logged in with, when it did. */
  login?: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (false otherwise, as mailparser says). */
  html: string | false;
  /** The top-level Content-Type, e.g. `multipart/alternative`. */
  contentType: string;
  messageId: string;
}

/** An SMTP reply the server gives instead of accepting, e.g. `{ code: 421, message: '...' }`. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server (smtp-server) on a random loopback port, for tests. Plain text (STARTTLS
 * off); with `auth` it requires that login. `refuseData` holds replies given to the next DATA
 * commands, one each, before messages are accepted again.
 */
export class SmtpTestServer {
  readonly received: ReceivedMail[] = [];
  readonly refuseData: Refusal[] = [];
  /** Recipients RCPT TO refuses with 550. */
  readonly unknownRecipients = new Set<string>();
  /** DATA commands answered, refused or not. */
  dataCommands = 0;
  /** Every login tried, right or wrong. */
  readonly logins: string[] = [];
  private server!: SMTPServer;
  port = 0;

  constructor(private readonly auth?: { user: string; pass: string }) {}

  async start(): Promise<this> {
    const auth = this.auth;
    this.server = new SMTPServer({
      disabledCommands: auth === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: auth === undefined,
      logger: false,
      onAuth: (login, _session, callback) => {
        this.logins.push(`${login.username}:${login.password}`);
        if (auth !== undefined && login.username === auth.user && login.password === auth.pass) {
          callback(null, { user: login.username });
        } else {
          callback(
            Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }),
          );
        }
      },
      onRcptTo: (address, _session, callback) => {
        if (this.unknownRecipients.has(address.address)) {
          callback(Object.assign(new Error('5.1.1 user unknown'), { responseCode: 550 }));
        } else {
          callback();
        }
      },
      onData: (stream, session, callback) => {
        this.dataCommands++;
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const refusal = this.refuseData.shift();
          if (refusal !== undefined) {
            callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            return;
          }
          simpleParser(Buffer.concat(chunks)).then(
            (mail) => {
              this.received.push({
                mailFrom:
                  session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
                rcptTo: session.envelope.rcptTo.map((r) => r.address),
                ...(typeof session.user === 'string' ? { login: session.user } : {}),
                from: addresses(mail.from),
                to: addresses(mail.to),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: mail.html ?? false,
                contentType: contentTypeOf(mail.headers.get('content-type')),
                messageId: mail.messageId ?? '',
              });
              callback(null, 'queued');
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function contentTypeOf(header: unknown): string {
  if (typeof header === 'string') return header;
  const value = (header as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : '';
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((a) => a.text).join(', ');
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
