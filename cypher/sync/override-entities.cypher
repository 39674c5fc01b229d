// OVERRIDE: writes row.set on the entity row.id and pins those properties (listed in _overrides),
// unpins row.unpin (the value stays until the owner writes it again; row.clearHash forgets the
// content hash so that the owner's next DIFF does rewrite it). A new version of the entity.
// The caller runs refresh-search-text on the same rows in the same transaction.
// params: $rows, $jobId, $now
// returns: updated
UNWIND $rows AS row
MATCH (n:Entity {_id: row.id})
USING INDEX SEEK n:Entity(_id)
WITH n, row, [k IN coalesce(n._overrides, []) WHERE NOT k IN row.unpin] AS kept
WITH n, row, kept + [k IN row.pin WHERE NOT k IN kept] AS pins
SET n += row.set
// A value OVERRIDE writes is no longer a rule's tag (see update-entities).
SET n._ruleTags = CASE WHEN size([k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys(row.set)]) = 0
                       THEN null ELSE [k IN coalesce(n._ruleTags, []) WHERE NOT k IN keys(row.set)] END
SET n._overrides = CASE WHEN size(pins) = 0 THEN null ELSE pins END,
    n._hash = CASE WHEN row.clearHash THEN null ELSE n._hash END,
    n._version = coalesce(n._version, 0) + 1, n._beginOn = $now,
    n._lastSyncJobId = $jobId, n._lastSyncOp = 'updated'
RETURN count(n) AS updated
