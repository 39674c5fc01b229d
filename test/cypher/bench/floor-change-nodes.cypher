// Benchmark change floor (scripts/bench-ingest/change-floor.ts): the bare minimum write of one
// chunk of the 10% change's entity rows onto the create floor's copy: the changed property and
// the new content hash, the node found by an indexed _key.
// params: $rows (key, lastSeenOn, hash)
// returns: updated
UNWIND $rows AS r
MATCH (n:_BenchFloor {_key: r.key})
SET n.lastSeenOn = r.lastSeenOn, n._hash = r.hash
RETURN count(n) AS updated
