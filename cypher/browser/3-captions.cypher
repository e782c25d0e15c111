// Browser guide, step 3: figures, tables and charts with the captions that name them, on their pages.
// Params: $docId
// Returns: path
MATCH path = (p:Page {docId: $docId})-[:HAS_ELEMENT]->(c:Element)-[:CAPTIONS]->(v:Figure|Table|Chart)
RETURN path
LIMIT 50
