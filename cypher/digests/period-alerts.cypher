// What a digest lists, per rule and level: the account's alerts opened in [$from, $to), open at
// $to (opened before it and neither resolved nor dismissed before it) and dismissed in
// [$from, $to). The rule's name is its newest alert's. A range seek on internal_alert_created.
// params: $accountId, $from, $to
// returns: ruleId, ruleName, level, opened, open, dismissed
MATCH (a:_Alert)
WHERE a.accountId = $accountId AND a.createdOn < $to
WITH a,
     a.createdOn >= $from AS opened,
     coalesce(a.resolvedOn, a.dismissedOn, $to) >= $to AS open,
     coalesce(a.dismissedOn >= $from AND a.dismissedOn < $to, false) AS dismissed
WHERE opened OR open OR dismissed
WITH a, opened, open, dismissed ORDER BY a.createdOn
WITH a.ruleId AS ruleId, a.level AS level, collect(a.ruleName) AS names,
     sum(CASE WHEN opened THEN 1 ELSE 0 END) AS opened,
     sum(CASE WHEN open THEN 1 ELSE 0 END) AS open,
     sum(CASE WHEN dismissed THEN 1 ELSE 0 END) AS dismissed
RETURN ruleId, names[size(names) - 1] AS ruleName, level, opened, open, dismissed
