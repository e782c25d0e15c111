// No two ApiKey nodes share a hash, and a presented key is looked up by it.
// Params: none
// Returns: nothing
CREATE CONSTRAINT api_key_sha256_unique IF NOT EXISTS FOR (k:ApiKey) REQUIRE k.sha256 IS UNIQUE
