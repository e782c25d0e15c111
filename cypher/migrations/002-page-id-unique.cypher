// Every Page has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT page_id_unique IF NOT EXISTS FOR (n:Page) REQUIRE n.id IS UNIQUE
