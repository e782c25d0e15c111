// Every Document has a unique id.
// Params: none
// Returns: nothing
CREATE CONSTRAINT document_id_unique IF NOT EXISTS FOR (n:Document) REQUIRE n.id IS UNIQUE
