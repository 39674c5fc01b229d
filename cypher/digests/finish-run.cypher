// Records how a claimed digest run ended: SENT, EMPTY (nothing to list, nothing sent), NOT_SENT
// (no mail server or no recipients) or FAILED (tried again by a later tick while attempts are
// left). Only the holder of the claim writes; no row when another process took the run over.
// params: $accountId, $frequency, $periodEnd, $claim, $status, $detail, $recipients, $opened, $open, $dismissed, $now
// returns: run
MATCH (r:_DigestRun {accountId: $accountId, frequency: $frequency, periodEnd: $periodEnd})
WHERE r.claim = $claim AND r.status = 'SENDING'
SET r.status = $status, r.detail = $detail, r.recipients = $recipients,
    r.opened = $opened, r.open = $open, r.dismissed = $dismissed, r.finishedOn = $now
RETURN r {.accountId, .frequency, .periodStart, .periodEnd, .status, .detail, .attempts} AS run
