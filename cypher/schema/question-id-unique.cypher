// Questions are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_question_id_unique IF NOT EXISTS FOR (q:_Question) REQUIRE q.id IS UNIQUE
