// Every ApiKey has a unique id (API keys live in Neo4j, stored as hashes).
// Params: none
// Returns: nothing
CREATE CONSTRAINT api_key_id_unique IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.id IS UNIQUE
