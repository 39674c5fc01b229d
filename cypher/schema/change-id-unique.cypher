// History changes (:_Change, decision 0045) are named by their changeId, a UUID.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_change_id_unique IF NOT EXISTS FOR (c:_Change) REQUIRE c.changeId IS UNIQUE
