import type { ChangeEventBody, SubscriptionTarget } from './subscription-types';

/**
 * The port the dispatcher delivers through, implemented over the outbound actions' delivery
 * (src/actions/subscription-sender.ts): one try, no retries of its own (the dispatcher retries,
 * recording each try in the delivery log).
 */
export interface EventSender {
  send(delivery: {
    accountId: string;
    target: SubscriptionTarget;
    body: ChangeEventBody;
    /** A webhook's secret, opened: the body is signed with it. */
    secret: string | undefined;
  }): Promise<SendResult>;
}

export interface SendResult {
  /** The HTTP status answered (webhooks). */
  status?: number;
}

/** A failed try; `status` is the HTTP status answered, when there was one. */
export class SendFailed extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SendFailed';
  }
}
