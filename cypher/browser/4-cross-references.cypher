// Browser guide, step 4: cross-references, from the page of a mention to the element, section or page it names.
// Params: $docId
// Returns: path
MATCH path = (:Page {docId: $docId})-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->()
RETURN path
LIMIT 100
