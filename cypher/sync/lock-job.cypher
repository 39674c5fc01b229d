// Reads a job while taking its write lock, so concurrent uploads to one job are serialised.
// The lock is taken by writing a constant (Neo4j locks a node before it compares the old value):
// the value must not read a property of the job. A SET whose value reads the property it writes
// (`j.n = j.n + 1`) makes Cypher lock and then release the node once more around the write; done
// while other uploads wait for the lock, Neo4j aborts those waiters with a false DeadlockDetected
// (neo4j/neo4j#13291); they retry, and under steady concurrency the driver's retries run out (503).
// Before it, the unique index seek takes only a shared lock on the job id's index entry, which
// nothing but creating or deleting the job takes exclusively. The job is read (RETURN) once the
// lock is held, so it shows every batch committed before.
// params: $accountId, $jobId
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
RETURN j {.*} AS job
