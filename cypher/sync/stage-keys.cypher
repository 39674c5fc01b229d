// Records the keys of one batch, entities (kind 'e') and relationships (kind 'r', standard and
// mapped counted apart by k.group 'r' / 'm': one key space) in one statement; a key seen before
// now belongs to this batch (the last upload wins). Keys are merged on keyHash, their digest
// (decision 0035). Returns how many keys of each group are new to the job, and `known`: the
// keys ({kind, i}, i their index in the batch's list of that kind) that an earlier batch of the
// job uploaded, which the caller refuses (rolling this back) unless duplicates are ignored.
// params: $jobId, $seq, $keys
// returns: entities, relationships, mapped, known
UNWIND $keys AS k
MERGE (s:_SyncStagedKey {jobId: $jobId, kind: k.kind, keyHash: k.keyHash})
WITH s, k, s.batch IS NULL AS isNew, s.batch IS NOT NULL AND s.batch <> $seq AND s.key = k.key AS known
SET s.key = k.key, s.batch = $seq, s.hash = k.hash
RETURN count(CASE WHEN isNew AND k.group = 'e' THEN 1 END) AS entities,
       count(CASE WHEN isNew AND k.group = 'r' THEN 1 END) AS relationships,
       count(CASE WHEN isNew AND k.group = 'm' THEN 1 END) AS mapped,
       collect(CASE WHEN known THEN {kind: k.kind, i: k.i} END) AS known
