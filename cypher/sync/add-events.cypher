// Appends events to a job, each with the job's next sequence number so that they are listed in
// the order given even when several share a createDate. Setting eventLock takes the job's write
// lock before eventSeq is read, so concurrent requests number their events one after the other.
// params: $accountId, $jobId, $events
// returns: event
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.eventLock = true
WITH j
WITH j, coalesce(j.eventSeq, 0) AS base
SET j.eventSeq = base + size($events)
REMOVE j.eventLock
WITH j, base
UNWIND range(0, size($events) - 1) AS i
WITH j, base + i + 1 AS seq, $events[i] AS ev
CREATE (j)-[:_HAS_EVENT]->(e:_SyncJobEvent {id: ev.id, jobId: $jobId, seq: seq, createDate: ev.createDate, name: ev.name, description: ev.description})
RETURN e {.id, .createDate, .name, .description} AS event
ORDER BY seq
