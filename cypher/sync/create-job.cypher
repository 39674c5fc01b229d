// Creates a sync job (AWAITING_UPLOADS, counters 0); props is the whole property map.
// params: $props
// returns: job
CREATE (j:_SyncJob)
SET j = $props
RETURN j {.*} AS job
