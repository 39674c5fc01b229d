// The change event of an entity-API write (PATCH or DELETE of one entity), created in the
// write's transaction (the subscriptions' outbox: docs/decisions/0046-change-events.md).
// params: $accountId, $eventId, $now, $scope, $entitiesUpdated, $entitiesDeleted, $relationshipsDeleted
// returns: eventId
CREATE (e:_ChangeEvent {id: $eventId, accountId: $accountId, type: 'entities.changed',
                        occurredOn: $now, pendingSince: $now, source: 'api', scope: $scope,
                        entitiesCreated: 0, entitiesUpdated: $entitiesUpdated,
                        entitiesDeleted: $entitiesDeleted, relationshipsCreated: 0,
                        relationshipsUpdated: 0, relationshipsDeleted: $relationshipsDeleted})
RETURN e.id AS eventId
