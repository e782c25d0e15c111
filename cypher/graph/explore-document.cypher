// A first look at one document in Neo4j Browser: the document, its sections and pages, and their neighbours.
// Params: $docId
// Returns: d, n
MATCH (d:Document {id: $docId})-[*1..2]-(n)
RETURN d, n
LIMIT 300
