// The finalize preview: the stored properties of entities (by _id) and relationships (by
// elementId) that a finalization would update, to name the properties it changes. Reads only.
// params: $entityIds, $relationshipIds
// returns: id, props
UNWIND $entityIds AS id
MATCH (n:Entity {_id: id})
USING INDEX SEEK n:Entity(_id)
RETURN id, properties(n) AS props
UNION ALL
UNWIND $relationshipIds AS id
MATCH ()-[r]->()
WHERE elementId(r) = id
RETURN id, properties(r) AS props
