// Replaces the plain-text values of secret parameters by their sealed blobs; a parameter changed
// meanwhile (another value, no longer secret) is left for the next round.
// params: $rows (list of {accountId, name, value, sealed})
// returns: set
UNWIND $rows AS row
MATCH (p:_AccountParameter {accountId: row.accountId, name: row.name})
WHERE p.secret = true AND p.value = row.value
SET p.sealed = row.sealed
REMOVE p.value
RETURN count(p) AS set
