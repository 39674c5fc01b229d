// Migration, run once (src/graph/migrations.ts, recorded by migrations/record-done): entities
// written before decision 0034 get their _type as a label when it matches $typeLabelPattern (as
// sync/create-entities does), 10000 per transaction (auto-commit: CALL IN TRANSACTIONS).
// params: $typeLabelPattern
// returns: labelled
MATCH (n:Entity)
WHERE n._type =~ $typeLabelPattern AND NOT n._type IN labels(n)
CALL (n) {
  SET n:$(n._type)
  RETURN 1 AS one
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(one) AS labelled
