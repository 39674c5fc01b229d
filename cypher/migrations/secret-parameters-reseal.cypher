// Replaces sealed values by the same values sealed with another key; a parameter changed meanwhile
// (another blob) is left alone.
// params: $rows (list of {accountId, name, old, sealed})
// returns: set
UNWIND $rows AS row
MATCH (p:_AccountParameter {accountId: row.accountId, name: row.name})
WHERE p.secret = true AND p.sealed = row.old
SET p.sealed = row.sealed
RETURN count(p) AS set
