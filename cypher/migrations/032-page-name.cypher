// Every Page has a `name` ("p. 12"), the string Neo4j Browser captions it with (a number stored as a float would
// print as "p. 12.0"); pages written before ingest set it get it here. Idempotent: only pages without one.
// Params: none
// Returns: nothing
MATCH (p:Page)
WHERE p.name IS NULL AND p.number IS NOT NULL
SET p.name = 'p. ' + toString(toInteger(p.number))
