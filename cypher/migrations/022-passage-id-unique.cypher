// Every Passage (retrieval unit) has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT passage_id_unique IF NOT EXISTS FOR (n:Passage) REQUIRE n.id IS UNIQUE
