// A versionId (a UUID) names one raw-data version everywhere: downloads, ETags, metadata.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_raw_data_version_id_unique IF NOT EXISTS FOR (v:_RawDataVersion) REQUIRE v.versionId IS UNIQUE
