// One node per account parameter; the constraint's index serves every lookup by account and name,
// and lets two concurrent PUTs of one new name MERGE a single node.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_account_parameter_unique IF NOT EXISTS FOR (p:_AccountParameter) REQUIRE (p.accountId, p.name) IS UNIQUE
