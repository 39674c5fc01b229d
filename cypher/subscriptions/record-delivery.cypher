// The outcome of a claimed attempt: $status DELIVERED or FAILED (given up) takes the delivery out
// of the due index ($dueAt null); PENDING sets when it is tried again. Only while the claim is
// still this attempt's (a lease that ran out let another dispatcher claim it).
// params: $id, $claim, $status, $dueAt, $lastStatus, $lastError, $now
// returns: delivery
MATCH (d:_EventDelivery {id: $id})
WHERE d.claim = $claim
SET d.status = $status, d.dueAt = $dueAt, d.lastStatus = $lastStatus, d.lastError = $lastError,
    d.updatedOn = $now,
    d.deliveredOn = CASE WHEN $status = 'DELIVERED' THEN $now ELSE d.deliveredOn END
REMOVE d.claim
RETURN d {.id, .status, .attempts} AS delivery
