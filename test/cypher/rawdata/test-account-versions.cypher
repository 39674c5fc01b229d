// Tests only: every raw-data version node of an account, as stored, by entity, name and seq.
// params: $accountId
// returns: entityId, name, seq, versionId, deleted, blobKey, contentType, contentLength, jobId
MATCH (v:_RawDataVersion)
WHERE v.accountId = $accountId
RETURN v.entityId AS entityId, v.name AS name, v.seq AS seq, v.versionId AS versionId,
       v.deleted AS deleted, v.blobKey AS blobKey, v.contentType AS contentType,
       v.contentLength AS contentLength, v.jobId AS jobId
ORDER BY entityId, name, seq
