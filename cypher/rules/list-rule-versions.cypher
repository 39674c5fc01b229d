// A rule of the account as it is, and the versions it replaced, newest first (nothing for an
// unknown id). A version is kept when an update replaces it (update-rule).
// params: $accountId, $id
// returns: rule, versions
MATCH (r:_Rule {id: $id})
WHERE r.accountId = $accountId
CALL (r) {
  OPTIONAL MATCH (v:_RuleVersion)
  WHERE v.ruleId = r.id AND v.version IS NOT NULL AND v.accountId = r.accountId
  WITH v ORDER BY v.version DESC
  RETURN collect(v {.version, .definition, .savedOn}) AS versions
}
RETURN r {.id, .version, .definition, .createdOn, .updatedOn} AS rule, versions
