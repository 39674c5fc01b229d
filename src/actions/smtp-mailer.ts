import { isIP } from 'node:net';
import nodemailer, { type NodemailerError } from 'nodemailer';
import type { Logger } from 'pino';
import type { OutboundConfig } from './outbound-deps';
import { TransientError, withRetry } from './retry';

/**
 * Mail over SMTP with nodemailer (plain text, or multipart/alternative with an HTML part), for
 * SEND_EMAIL, failure notifications and the alert digest: one connection per try, transient
 * failures retried (withRetry), messages that name the server by host and port and never carry
 * its password.
 */

/** Where mail goes and as whom. */
export interface SmtpServer {
  host: string;
  /**
   * The address to connect to, checked by the address guard for `host` (an smtp instance's):
   * the connection is pinned to it, `host` still names the server for TLS (SNI and certificate)
   * and messages. Unset (SMTP_URL, the operator's): nodemailer resolves `host` itself.
   */
  address?: string;
  port: number;
  /** TLS from the start (smtps, usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** The From address. */
  from: string;
}

export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  /** With it, the mail is multipart/alternative: this HTML part and the text part. */
  html?: string;
}

export interface Sent {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /** Tries made, 1 when the first one delivered. */
  attempts: number;
}

/**
 * SMTP_URL (`smtp://[user:password@]host[:port]` or `smtps://...`) as an SmtpServer. The port
 * defaults as nodemailer's does: 465 for smtps, 587 for smtp. Query options are not read.
 */
export function smtpServerFromUrl(url: string, from: string): SmtpServer {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? (secure ? 465 : 587) : Number(parsed.port),
    secure,
    ...(user === '' ? {} : { auth: { user, pass: decodeURIComponent(parsed.password) } }),
    from,
  };
}

/** Mail sent through the operator's SMTP_URL: failure notices and the alert digest. */
export interface OperatorMailer {
  send(message: MailMessage): Promise<Sent>;
}

/** A mailer over SMTP_URL, sending as MAIL_FROM; undefined when SMTP_URL is not set. */
export function operatorMailer(
  config: Pick<OutboundConfig, 'smtpUrl' | 'mailFrom' | 'timeoutMs' | 'attempts' | 'backoffMs'>,
  logger: Logger,
): OperatorMailer | undefined {
  const { smtpUrl } = config;
  if (smtpUrl === undefined) return undefined;
  return {
    send: (message) =>
      sendMail({ server: smtpServerFromUrl(smtpUrl, config.mailFrom), message, config, logger }),
  };
}

/**
 * Sends `message`, retrying what may succeed later: a refused, dropped or timed-out connection
 * and 4xx replies. 5xx replies (and anything else) fail at once. Rejects with
 * `sending mail through <host>:<port> failed: <why>`.
 */
export async function sendMail(input: {
  server: SmtpServer;
  message: MailMessage;
  config: Pick<OutboundConfig, 'timeoutMs' | 'attempts' | 'backoffMs'>;
  logger: Logger;
}): Promise<Sent> {
  const { server, message, config } = input;
  const where = `${server.host}:${server.port}`;
  const delivered = await withRetry(
    async () => {
      const transport = nodemailer.createTransport({
        host: server.address ?? server.host,
        ...(server.address !== undefined && isIP(server.host) === 0
          ? { servername: server.host }
          : {}),
        port: server.port,
        secure: server.secure,
        ...(server.auth === undefined ? {} : { auth: server.auth }),
        connectionTimeout: config.timeoutMs,
        greetingTimeout: config.timeoutMs,
        socketTimeout: config.timeoutMs,
      });
      try {
        return await transport.sendMail({
          from: server.from,
          to: [...message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (err) {
        throw classify(err, where, server.auth);
      } finally {
        transport.close();
      }
    },
    {
      attempts: config.attempts,
      backoffMs: config.backoffMs,
      onRetry: (err, attempt) =>
        input.logger.warn({ smtp: where, attempt, err: String(err) }, 'retrying mail delivery'),
    },
  );
  const info = delivered.value;
  return {
    messageId: info.messageId,
    accepted: info.accepted.map(String),
    rejected: info.rejected.map(String),
    attempts: delivered.attempts,
  };
}

/** Connection-level failures worth another try (no SMTP reply came back). */
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT']);

function classify(err: unknown, where: string, auth: SmtpServer['auth']): Error {
  const e = err as NodemailerError;
  const why = hide(e instanceof Error ? e.message : String(err), auth);
  const message = `sending mail through ${where} failed: ${why}`;
  const transient =
    typeof e.responseCode === 'number'
      ? e.responseCode >= 400 && e.responseCode < 500
      : TRANSIENT_CODES.has(String(e.code));
  // No `cause`: the nodemailer error may carry the connection options, password included.
  return transient ? new TransientError(message) : new Error(message);
}

/**
 * A server may echo what it was sent; the login never leaves this module: the password, and the
 * AUTH PLAIN and LOGIN encodings that carry it (or the user name), plain or base64.
 */
function hide(text: string, auth: SmtpServer['auth']): string {
  if (auth === undefined || auth.pass === '') return text;
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const forms = [
    b64(`\u0000${auth.user}\u0000${auth.pass}`),
    b64(`${auth.user}\u0000${auth.user}\u0000${auth.pass}`),
    auth.pass,
    b64(auth.pass),
  ].sort((a, b) => b.length - a.length);
  return forms.reduce((t, f) => t.split(f).join('[secret]'), text);
}
