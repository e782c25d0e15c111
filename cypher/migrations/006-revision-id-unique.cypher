// Every Revision has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT revision_id_unique IF NOT EXISTS FOR (n:Revision) REQUIRE n.id IS UNIQUE
