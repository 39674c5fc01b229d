// Benchmark floor (scripts/bench-ingest/create-floor.ts): the bare minimum write of one chunk of relationship
// rows between floor nodes, ends found by an indexed _key.
// params: $rows
// returns: created
UNWIND $rows AS r
MATCH (a:_BenchFloor {_key: r.fromKey})
MATCH (b:_BenchFloor {_key: r.toKey})
CREATE (a)-[x:_BENCH_FLOOR]->(b)
SET x = r.props
RETURN count(x) AS created
