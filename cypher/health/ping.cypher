// Readiness probe: the database answers a trivial query.
// params: none
// returns: ok
RETURN 1 AS ok
