import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service';
import { operatorMailer } from '../actions/smtp-mailer';
import type { Config } from '../config/config';
import type { Graph } from '../graph/graph';
import { type DigestRunner, DigestSender } from '../notifications/digest-sender';
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
  return new DigestSender({
    graph: deps.graph,
    settings: deps.accounts.digest,
    renderer: deps.renderer,
    mail: operatorMailer(config.outbound, deps.logger),
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
      await opts.runner.runDue();
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
