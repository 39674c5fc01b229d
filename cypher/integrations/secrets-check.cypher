// Start-up: how many integration instances (of all accounts) hold encrypted secrets, and one of
// them (null when none) to try the configured key on.
// params: none
// returns: holding, sample
CALL () {
  MATCH (i:_Integration)
  WHERE i.secrets IS NOT NULL
  RETURN count(i) AS holding
}
CALL () {
  OPTIONAL MATCH (i:_Integration)
  WHERE i.secrets IS NOT NULL
  RETURN i {.accountId, .id, .secrets} AS sample
  LIMIT 1
}
RETURN holding, sample
