// Every Element has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT element_id_unique IF NOT EXISTS FOR (n:Element) REQUIRE n.id IS UNIQUE
