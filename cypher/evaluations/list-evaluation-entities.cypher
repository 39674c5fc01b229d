// The result entities of one evaluation record of a rule of the account, in the record's order,
// the first $limit of them, with how many it holds (none for an unknown record, or one whose
// queries did not all run: it stores no ids). An entity since deleted is marked so; one purged
// from the graph is left out.
// params: $accountId, $ruleId, $id, $limit
// returns: total, entities
MATCH (e:_RuleEvaluation {id: $id})
WHERE e.accountId = $accountId AND e.ruleId = $ruleId
WITH e, coalesce(e.entityIds, []) AS ids
CALL (ids) {
  UNWIND range(0, size(ids) - 1) AS i
  WITH i, ids[i] AS entityId
  LIMIT toInteger($limit)
  MATCH (n:Entity {_id: entityId})
  WHERE n._accountId = $accountId
  WITH n, CASE WHEN n._class IS NULL THEN [] WHEN valueType(n._class) STARTS WITH 'LIST'
                THEN n._class ELSE [n._class] END AS classes
  RETURN collect(n {id: n._id, displayName: coalesce(n.displayName, n._key), class: classes,
                    type: n._type, deleted: n._deleted = true}) AS entities
}
RETURN size(ids) AS total, entities
