// How many documents were ingested from these bytes (the same PDF may be stored under several ids).
// Params: $sha256
// Returns: total
MATCH (d:Document {sha256: $sha256}) RETURN count(d) AS total
