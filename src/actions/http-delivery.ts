import type { Logger } from 'pino';
import { Agent, fetch, type Headers, type Response } from 'undici';
import { REDACTED } from '../rules/evaluation/redact';
import type { OutboundConfig } from './outbound-deps';
import { TransientError, withRetry, type Delivered } from './retry';
import { AddressRefused, pinnedLookup, SsrfGuard } from './ssrf-guard';

/**
 * One HTTP request of an outbound action (Slack, Jira, WEBHOOK), delivered with undici's fetch:
 * each try checked by the SSRF guard and connected to the checked addresses, cut off after
 * OUTBOUND_TIMEOUT, and tried again (OUTBOUND_ATTEMPTS, OUTBOUND_BACKOFF doubling) when it timed
 * out, could not connect, or was answered 5xx or 429 (waiting at least a Retry-After of seconds,
 * up to MAX_RETRY_AFTER_MS). Other answers outside 2xx fail at once, redirects included (they are
 * not followed: a request may carry credentials meant for its host alone); a redirect whose
 * Location the guard refuses fails with the guard's message, so the reason is plain.
 */
export interface HttpCall {
  /** The action sending it, for messages (`WEBHOOK refused ...`). */
  action: string;
  method: string;
  url: URL;
  /** How messages and results show the URL: never credentials (see shownUrl). */
  shown: string;
  headers: Record<string, string>;
  /** Sent as JSON (with a JSON content type unless `headers` has one). */
  json?: unknown;
  /** Instead of `json`: JSON text sent byte for byte as given (a body the caller signed). */
  jsonText?: string;
  /** Texts never to show in a message (tokens, secret header values). */
  hide?: readonly string[];
  /** Checks a 2xx answer (throw TransientError to retry, another Error to fail). */
  accept?: (answer: HttpAnswer) => void;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The body as text, at most MAX_BODY_BYTES of it. */
  text: string;
}

/** The longest Retry-After honoured; a longer one waits this long. */
export const MAX_RETRY_AFTER_MS = 10_000;
/** Sent unless the call names its own. */
export const USER_AGENT = 'graphsync';
/** Of an answer's body, what is read (the rest is dropped). */
const MAX_BODY_BYTES = 1024 * 1024;
/** Of an answer's body, what a message quotes. */
const QUOTED_CHARS = 300;

/** A transient failure that names the least wait before the next try (a Retry-After). */
class RetryLater extends TransientError {
  constructor(
    message: string,
    readonly waitMs: number,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A request that failed for good; `status` is the HTTP status answered last, if any. */
export class HttpDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'HttpDeliveryError';
  }
}

/** A non-2xx answer that is not worth another try. */
class Answered extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export class HttpDelivery {
  private readonly guard: SsrfGuard;

  constructor(
    private readonly deps: {
      config: Pick<OutboundConfig, 'timeoutMs' | 'attempts' | 'backoffMs' | 'webhookAllowlist'>;
      logger: Logger;
      guard?: SsrfGuard;
      /** Tests: how to wait between tries. */
      sleep?: (ms: number) => Promise<void>;
    },
  ) {
    this.guard = deps.guard ?? new SsrfGuard({ allowlist: deps.config.webhookAllowlist });
  }

  /** The 2xx answer and the tries it took; rejects with a message free of `hide` texts. */
  async send(call: HttpCall): Promise<Delivered<HttpAnswer>> {
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    let waitMs = 0;
    try {
      return await withRetry(() => this.once(call), {
        attempts: this.deps.config.attempts,
        backoffMs: this.deps.config.backoffMs,
        onRetry: (err, attempt) => {
          waitMs = err instanceof RetryLater ? err.waitMs : 0;
          this.deps.logger.warn(
            { action: call.action, target: `${call.method} ${call.shown}`, attempt },
            `outbound request failed, retrying: ${hide((err as Error).message, call.hide)}`,
          );
        },
        sleep: (ms) => sleep(Math.max(ms, waitMs)),
      });
    } catch (err) {
      // No `cause`: the original's message may hold what `hide` removed (a server's echo).
      const message = err instanceof Error ? err.message : String(err);
      throw new HttpDeliveryError(hide(message, call.hide), answeredStatus(err));
    }
  }

  private async once(call: HttpCall): Promise<HttpAnswer> {
    const named = `${call.method} ${call.shown}`;
    if (call.url.username !== '' || call.url.password !== '') {
      throw new Error(
        `${call.action} refused ${call.shown}: a URL with user info (user:password@) cannot be sent; put credentials in headers or an integration instance`,
      );
    }
    const addresses = await this.guard.check(call.url, call.action, call.shown);
    const headers = { ...call.headers };
    const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
    if (!has('user-agent')) headers['User-Agent'] = USER_AGENT;
    let body: string | undefined;
    if (call.json !== undefined || call.jsonText !== undefined) {
      body = call.jsonText ?? JSON.stringify(call.json);
      if (!has('content-type')) headers['Content-Type'] = 'application/json';
    }
    const agent = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    let answer: HttpAnswer;
    try {
      const response = await fetch(call.url, {
        method: call.method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.deps.config.timeoutMs),
        dispatcher: agent,
      });
      answer = {
        status: response.status,
        headers: response.headers,
        text: await readText(response),
      };
    } catch (err) {
      throw classify(err, named, this.deps.config.timeoutMs);
    } finally {
      await agent.destroy().catch(() => undefined);
    }
    if (answer.status >= 200 && answer.status < 300) {
      call.accept?.(answer);
      return answer;
    }
    if (answer.status >= 300 && answer.status < 400) await this.checkRedirect(call, answer);
    // Hidden before it is cut, so that no part of a secret survives the cut.
    const quoted = hide(answer.text.trim(), call.hide).slice(0, QUOTED_CHARS);
    const message = `${named} answered ${answer.status}${quoted === '' ? '' : `: ${quoted}`}`;
    if (answer.status === 429 || answer.status >= 500) {
      throw new RetryLater(message, retryAfterMs(answer.headers.get('retry-after')), answer.status);
    }
    throw new Answered(message, answer.status);
  }

  /**
   * A redirect is not followed; when the guard would refuse its Location, the action fails with
   * the guard's message (`... answered 302, a redirect: WEBHOOK refused <where>: <why>`).
   */
  private async checkRedirect(call: HttpCall, answer: HttpAnswer): Promise<void> {
    const location = answer.headers.get('location');
    if (location === null || !URL.canParse(location, call.url.href)) return;
    const target = new URL(location, call.url);
    try {
      await this.guard.check(target, call.action, shownUrl(target));
    } catch (err) {
      if (!(err instanceof AddressRefused)) return;
      throw new Error(
        `${call.method} ${call.shown} answered ${answer.status}, a redirect: ${err.message}`,
      );
    }
  }
}

/** The status of the answer a failure (or the last try it wraps) was, if it was one. */
function answeredStatus(err: unknown): number | undefined {
  const found = err instanceof RetryLater || err instanceof Answered ? err : undefined;
  if (found !== undefined) return found.status;
  return err instanceof Error && err.cause !== undefined ? answeredStatus(err.cause) : undefined;
}

/** Connection failures worth another try. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** A failure of one try as withRetry should see it: transient or not, with its message. */
function classify(err: unknown, named: string, timeoutMs: number): Error {
  if (!(err instanceof Error)) return new Error(`${named} failed: ${String(err)}`);
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return new TransientError(`${named} timed out after ${timeoutMs}ms`, { cause: err });
  }
  const cause = err.cause;
  if (err.message === 'fetch failed' && cause instanceof Error) {
    if (cause.name === 'TimeoutError') {
      return new TransientError(`${named} timed out after ${timeoutMs}ms`, { cause: err });
    }
    const code = (cause as { code?: unknown }).code;
    const text = `${named} failed: ${cause.message}`;
    // Only the network's failures may pass on a later try: a certificate that does not verify, or
    // a request undici refuses to send (a forbidden header, a wrong Content-Length), will not.
    return typeof code === 'string' && TRANSIENT_CODES.has(code)
      ? new TransientError(text, { cause: err })
      : new Error(text, { cause: err });
  }
  // A request fetch would not send (a bad header name...): no try will send it.
  return new Error(`${named} failed: ${err.message}`, { cause: err });
}

/** Retry-After in seconds -> ms, capped; an HTTP date or nonsense counts as none. */
function retryAfterMs(value: string | null): number {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return 0;
  return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
}

async function readText(response: Response): Promise<string> {
  if (response.body === null) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const buf = Buffer.from(chunk as Uint8Array);
    chunks.push(buf);
    size += buf.length;
    if (size >= MAX_BODY_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
}

function hide(text: string, secrets: readonly string[] | undefined): string {
  return hiddenForms(secrets ?? [])
    .sort((a, b) => b.length - a.length)
    .reduce((t, s) => t.split(s).join(REDACTED), text);
}

/**
 * Each secret as a server or a library may echo it: as given, escaped inside JSON, percent-encoded,
 * and, for a URL (a Slack incoming webhook), normalised and its path alone (the path is the token).
 */
function hiddenForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
    if (URL.canParse(secret)) {
      const url = new URL(secret);
      forms.add(url.href);
      if (url.pathname.length >= 8) forms.add(url.pathname);
    }
  }
  return [...forms].filter((f) => f.length > 0);
}

/**
 * A URL as messages and results show it: scheme, host and path, without user info, query or
 * fragment (they may carry credentials); `originOnly` shows scheme and host alone (a Slack
 * incoming webhook's path is its token).
 */
export function shownUrl(url: URL, options: { originOnly?: boolean } = {}): string {
  const origin = `${url.protocol}//${url.host}`;
  return options.originOnly === true ? origin : `${origin}${url.pathname}`;
}
