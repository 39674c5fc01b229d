// Tests: the _key of every entity of the account that the full-text index $index finds for the
// Lucene query $query, sorted.
// params: $index, $query, $accountId
// returns: key
CALL db.index.fulltext.queryNodes($index, $query) YIELD node
WHERE node._accountId = $accountId
RETURN node._key AS key
ORDER BY key
