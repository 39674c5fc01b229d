// Tests and tools: every entity and relationship of one (account, scope), deleted ones included.
// params: $accountId, $scope
// returns: entities, relationships
OPTIONAL MATCH (n:Entity {_accountId: $accountId, _scope: $scope})
WITH collect(n { .*, labels: labels(n) }) AS entities
OPTIONAL MATCH (a:Entity)-[r]->(b:Entity)
WHERE r._accountId = $accountId AND r._scope = $scope
RETURN entities,
       collect(r { .*, type: type(r), fromKey: a._key, toKey: b._key, fromId: a._id, toId: b._id,
                  fromScope: a._scope, toScope: b._scope }) AS relationships
