// Blocks until every index (including those backing constraints) is online.
// params: none
// returns: nothing
CALL db.awaitIndexes(300)
