// An account's digest settings and notification emails (where a digest without recipients goes),
// with its newest digest run (null for none). No row for an unknown account.
// params: $id
// returns: frequency, recipients, notificationEmails, lastRun
MATCH (a:_Account {id: $id})
OPTIONAL MATCH (r:_DigestRun)
  WHERE r.accountId = $id AND r.frequency IS NOT NULL AND r.periodEnd IS NOT NULL
WITH a, r ORDER BY r.periodEnd DESC, r.frequency
WITH a, collect(r)[0] AS r
RETURN coalesce(a.digestFrequency, 'OFF') AS frequency,
       coalesce(a.digestRecipients, []) AS recipients,
       coalesce(a.notificationEmails, []) AS notificationEmails,
       CASE WHEN r IS NULL THEN null
            ELSE r {.frequency, .periodStart, .periodEnd, .status, .detail, .attempts, .finishedOn}
       END AS lastRun
