// Accounts are the tenancy boundary; one node per account id.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_account_id_unique IF NOT EXISTS FOR (a:_Account) REQUIRE a.id IS UNIQUE
