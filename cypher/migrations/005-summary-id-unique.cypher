// Every Summary has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT summary_id_unique IF NOT EXISTS FOR (n:Summary) REQUIRE n.id IS UNIQUE
