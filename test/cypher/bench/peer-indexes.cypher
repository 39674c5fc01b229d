// Ingest benchmark, --peer (scripts/bench-ingest/peer.ts): the indexes `j1-integration neo4j push`
// created, one per entity type (index_<type>). The bench's types are also labels of the service's
// entities, so these indexes would slow later runs on the same Neo4j: peer-drop-index drops them.
// params: $prefix
// returns: name
SHOW INDEXES YIELD name
WHERE name STARTS WITH $prefix
RETURN name
