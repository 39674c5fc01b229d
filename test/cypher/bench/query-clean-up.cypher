// Query benchmark (scripts/bench-query.ts): removes the benchmark account's entities and their
// relationships in batches (auto-commit: CALL IN TRANSACTIONS), before
// accounts/delete-account-data removes the rest in one transaction.
// params: $accountId
// returns: nothing
MATCH (n:Entity)
WHERE n._accountId = $accountId AND n._scope IS NOT NULL
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
