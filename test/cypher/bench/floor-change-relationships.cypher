// Benchmark change floor (scripts/bench-ingest/change-floor.ts): the bare minimum write of one
// chunk of the 10% change's relationship rows onto the create floor's copy: the changed property
// and the new content hash, the relationship reached from its start node (indexed _key).
// params: $rows (fromKey, key, lastSeenOn, hash)
// returns: updated
UNWIND $rows AS r
MATCH (:_BenchFloor {_key: r.fromKey})-[x:_BENCH_FLOOR {_key: r.key}]->()
SET x.lastSeenOn = r.lastSeenOn, x._hash = r.hash
RETURN count(x) AS updated
