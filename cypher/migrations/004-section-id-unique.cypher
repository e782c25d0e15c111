// Every Section has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT section_id_unique IF NOT EXISTS FOR (n:Section) REQUIRE n.id IS UNIQUE
