// For each (entity, entry name): the entry's latest version, if any, with the job that wrote it
// (reads only). The writer adds a version only where the content differs from it, or where it is
// deleted.
// params: $rows
// returns: entityId, name, hash, deleted, jobId
UNWIND $rows AS row
MATCH (v:_RawDataVersion {entityId: row.entityId})
USING INDEX SEEK v:_RawDataVersion(entityId)
WHERE v.name = row.name
WITH row, v ORDER BY v.seq DESC
WITH row, head(collect(v)) AS latest
RETURN row.entityId AS entityId, row.name AS name, latest.hash AS hash, latest.deleted AS deleted,
       latest.jobId AS jobId
