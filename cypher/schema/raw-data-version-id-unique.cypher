// A raw-data version is downloaded by its versionId (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_raw_data_version_id_unique IF NOT EXISTS FOR (v:_RawDataVersion) REQUIRE v.versionId IS UNIQUE
