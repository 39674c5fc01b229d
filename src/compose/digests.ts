import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service';
import { sendMail, smtpServerFromUrl } from '../actions/smtp-mailer';
import type { Config } from '../config/config';
import type { Graph } from '../graph/graph';
import { type DigestMail, type DigestRunner, DigestSender } from '../notifications/digest-sender';
import type { NotificationRenderer } from '../notifications/notification-renderer';
import type { Background } from './runtime';

/** The alert digest's sender, mailing through SMTP_URL (none without it: runs say NOT_SENT). */
export function buildDigestSender(
  config: Config,
  deps: {
    graph: Graph;
    accounts: AccountService;
    renderer: NotificationRenderer;
    baseUrl: () => string;
    logger: Logger;
    /** The rule engine's clock, if a test replaced it. */
    overrides?: { now?: (() => number) | undefined };
  },
): DigestSender {
  const { smtpUrl, mailFrom } = config.outbound;
  const mail: DigestMail | undefined =
    smtpUrl === undefined
      ? undefined
      : {
          send: (message) =>
            sendMail({
              server: smtpServerFromUrl(smtpUrl, mailFrom),
              message,
              config: config.outbound,
              logger: deps.logger,
            }),
        };
  return new DigestSender({
    graph: deps.graph,
    settings: deps.accounts.digest,
    renderer: deps.renderer,
    mail,
    baseUrl: deps.baseUrl,
    logger: deps.logger,
    tickMs: config.digest.tickMs,
    periodOverrideMs: config.digest.periodOverrideMs,
    ...(deps.overrides?.now === undefined ? {} : { now: deps.overrides.now }),
  });
}

/**
 * Local mode's digest tick (queue mode's is the `digest` job scheduler, src/queue/digest-scheduler.ts):
 * the API, the only process, runs every due digest at start-up, then every `tickMs` after the
 * previous tick ends. Ticks never overlap; the timer never keeps the process alive; stop() waits
 * for a running tick.
 */
export function startDigestTimer(opts: {
  runner: DigestRunner;
  tickMs: number;
  logger: Logger;
}): Background {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async (): Promise<void> => {
    try {
      const outcomes = await opts.runner.runDue();
      const done = outcomes.filter((o) => o.status !== 'TAKEN');
      if (done.length > 0) opts.logger.info({ digests: done }, 'digest tick');
    } catch (err) {
      if (!stopped) opts.logger.error({ err }, 'digest tick failed; the next tick tries again');
    }
  };

  const after = (delayMs: number) => {
    timer = setTimeout(() => {
      running = tick().finally(() => {
        if (!stopped) after(opts.tickMs);
      });
    }, delayMs);
    timer.unref();
  };
  after(0);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
