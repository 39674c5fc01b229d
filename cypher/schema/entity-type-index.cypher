// Queries start from entity types (FIND aws_s3_bucket) within one account.
// params: none
// returns: nothing
CREATE INDEX entity_type IF NOT EXISTS FOR (n:Entity) ON (n._accountId, n._type)
