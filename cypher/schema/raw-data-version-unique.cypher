// One node per version of an entity's raw-data entry; versions of an entry are numbered 1, 2, ...
// The constraint serialises two writers adding a version to the same entry at once.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_raw_data_version_unique IF NOT EXISTS FOR (v:_RawDataVersion) REQUIRE (v.entityId, v.name, v.seq) IS UNIQUE
