// Records in the property catalog that the properties $pairs ({name, kind}, sorted, so that
// concurrent writers lock entries in one order) have held values of those kinds in the account.
// The catalog only grows.
// params: $accountId, $pairs
// returns: recorded
UNWIND $pairs AS pair
MERGE (p:_PropertyKind {accountId: $accountId, name: pair.name, kind: pair.kind})
RETURN count(p) AS recorded
