// Ingest benchmark, --peer (scripts/bench-ingest/peer.ts): drops one index the peer created
// (a name peer-indexes returned).
// params: $name
// returns: nothing
DROP INDEX $name IF EXISTS
