// REFERS_TO from a mention ("page 12", "p. 12") to the page it names.
// Params: $docId, $refs
// Returns: linked
UNWIND $refs AS ref
MATCH (a:Element {id: ref.from}), (b:Page {docId: $docId, number: ref.pageNumber})
WHERE a.docId = $docId
CREATE (a)-[:REFERS_TO {mention: ref.mention}]->(b)
RETURN count(*) AS linked
