// Tests only: the Cypher value types the relationships between a document's nodes hold under each property.
// Params: $docId
// Returns: type, property, types
MATCH (a)-[r]->()
WHERE a.docId = $docId
UNWIND keys(r) AS property
WITH type(r) AS relType, property, valueType(r[property]) AS valueType
RETURN relType AS type, property, collect(DISTINCT valueType) AS types
