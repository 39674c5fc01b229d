// Accounts are the tenancy boundary; one node per account id.
// params: none
// returns: nothing
CREATE CONSTRAINT account_id_unique IF NOT EXISTS FOR (a:Account) REQUIRE a.id IS UNIQUE
