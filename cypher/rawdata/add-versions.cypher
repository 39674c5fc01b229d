// Adds a version to each entry whose latest version differs from row.hash (or is deleted, or does
// not exist): version numbers grow by one per entry (the unique constraint on (entityId, name,
// seq) makes a concurrent writer fail and retry rather than fork the history). createdOn is the
// entry's first version's; beginOn is now. Then only the newest $keep versions of the entry are
// kept: the others are deleted and their content's blob keys returned for removal. A row whose
// content turns out to be the latest already (another writer got there first) adds nothing and
// is not returned. $jobId is the sync job writing (null for other writers).
// params: $accountId, $jobId, $rows, $now, $keep
// returns: versionId, pruned
UNWIND $rows AS row
OPTIONAL CALL (row) {
  MATCH (v:_RawDataVersion {entityId: row.entityId})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  WHERE v.name = row.name
  RETURN v AS latest ORDER BY v.seq DESC LIMIT 1
}
WITH row, latest
WHERE latest IS NULL OR latest.deleted OR latest.hash <> row.hash
CREATE (n:_RawDataVersion {
  accountId: $accountId,
  entityId: row.entityId,
  name: row.name,
  seq: coalesce(latest.seq, 0) + 1,
  versionId: row.versionId,
  hash: row.hash,
  blobKey: row.blobKey,
  contentType: row.contentType,
  contentLength: row.contentLength,
  createdOn: coalesce(latest.createdOn, $now),
  beginOn: $now,
  jobId: $jobId,
  deleted: false
})
WITH row, n
CALL (n) {
  OPTIONAL MATCH (old:_RawDataVersion {entityId: n.entityId})
  USING INDEX SEEK old:_RawDataVersion(entityId)
  WHERE old.name = n.name AND old.seq <= n.seq - $keep
  WITH old, old.blobKey AS blobKey
  DETACH DELETE old
  RETURN collect(blobKey) AS pruned
}
RETURN row.versionId AS versionId, pruned
