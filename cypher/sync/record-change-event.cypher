// The change event of a job that just became FINISHED, created in the transaction of that
// transition (the subscriptions' outbox: docs/decisions/0046-change-events.md): it commits with
// the status or not at all. Counts are the job's counters as the transition set them.
// params: $accountId, $jobId, $eventId, $now
// returns: eventId
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId AND j.status = 'FINISHED'
CREATE (e:_ChangeEvent {id: $eventId, accountId: j.accountId, type: 'sync.job.finished',
                        occurredOn: $now, pendingSince: $now, jobId: j.id, source: j.source,
                        scope: j.scope, syncMode: j.syncMode,
                        entitiesCreated: j.numEntitiesCreated,
                        entitiesUpdated: j.numEntitiesUpdated,
                        entitiesDeleted: j.numEntitiesDeleted,
                        relationshipsCreated: j.numRelationshipsCreated,
                        relationshipsUpdated: j.numRelationshipsUpdated,
                        relationshipsDeleted: j.numRelationshipsDeleted})
RETURN e.id AS eventId
