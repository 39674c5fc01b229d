// Every raw-data version of one entity: the listing endpoints, and marking them deleted with it.
// params: none
// returns: nothing
CREATE INDEX internal_raw_data_entity IF NOT EXISTS FOR (v:_RawDataVersion) ON (v.entityId)
