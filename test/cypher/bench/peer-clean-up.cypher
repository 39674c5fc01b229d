// Ingest benchmark, --peer (scripts/bench-ingest/peer.ts): removes what `j1-integration neo4j
// push` wrote, every node with the bench's integration instance id and its relationships
// (auto-commit: CALL IN TRANSACTIONS). The peer's nodes have no label of ours: a scan of all nodes.
// params: $instanceId
// returns: nothing
MATCH (n)
WHERE n._integrationInstanceID = $instanceId
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
