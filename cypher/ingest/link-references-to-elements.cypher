// REFERS_TO from a mention ("see Table 2", "Figure 3") to the element it names.
// Params: $docId, $refs
// Returns: linked
UNWIND $refs AS ref
MATCH (a:Element {id: ref.from}), (b:Element {id: ref.to})
WHERE a.docId = $docId AND b.docId = $docId
CREATE (a)-[:REFERS_TO {mention: ref.mention}]->(b)
RETURN count(*) AS linked
