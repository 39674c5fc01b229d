// Benchmark of the sync CLI (scripts/bench-sync-cli.ts): removes the bench account's entities in
// chunks (auto-commit: CALL IN TRANSACTIONS), before accounts/delete-account-data removes the rest.
// params: $id
// returns: nothing
MATCH (n:Entity)
WHERE n._accountId = $id AND n._scope IS NOT NULL
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
