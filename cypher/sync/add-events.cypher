// Appends events to a job.
// params: $accountId, $jobId, $events
// returns: event
MATCH (j:SyncJob {id: $jobId})
WHERE j.accountId = $accountId
UNWIND $events AS ev
CREATE (j)-[:HAS_EVENT]->(e:SyncJobEvent {id: ev.id, jobId: $jobId, createDate: ev.createDate, name: ev.name, description: ev.description})
RETURN e {.id, .createDate, .name, .description} AS event
