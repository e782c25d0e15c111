// Every stored property of one key, as it is in Neo4j (tests check that no secret is among them).
// Params: $id
// Returns: props
MATCH (k:ApiKey {id: $id})
RETURN properties(k) AS props
