// Every rule of every account that runs on a schedule (not DISABLED): what the rule schedule is
// reconciled with at start-up.
// params: none
// returns: accountId, ruleId, pollingInterval
MATCH (r:_Rule)
WHERE r.id IS NOT NULL AND r.pollingInterval <> 'DISABLED'
RETURN r.accountId AS accountId, r.id AS ruleId, r.pollingInterval AS pollingInterval
ORDER BY r.accountId, r.id
