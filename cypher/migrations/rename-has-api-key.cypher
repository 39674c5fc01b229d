// Migration, run at every start (src/graph/migrations.ts): relationships of the old unprefixed
// type HAS_API_KEY (_Account to _ApiKey) become _HAS_API_KEY with their properties (decision 0034), 10000 per
// transaction (auto-commit: CALL IN TRANSACTIONS). With none left, it is one lookup of an empty
// relationship type.
// params: none
// returns: renamed
MATCH (a)-[r:HAS_API_KEY]->(b)
CALL (a, r, b) {
  CREATE (a)-[r2:_HAS_API_KEY]->(b)
  SET r2 = properties(r)
  DELETE r
  RETURN 1 AS one
} IN TRANSACTIONS OF 10000 ROWS
RETURN count(one) AS renamed
