// Deletes an account and its API keys (test cleanup and operator tooling).
// params: $id
// returns: deleted
MATCH (a:_Account {id: $id})
OPTIONAL MATCH (a)-[:_HAS_API_KEY]->(k:_ApiKey)
WITH a, collect(k) AS keys, count(k) + 1 AS deleted
FOREACH (k IN keys | DETACH DELETE k)
DETACH DELETE a
RETURN deleted
