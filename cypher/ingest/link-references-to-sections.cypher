// REFERS_TO from a mention ("Section 4.1", "Appendix B") to the section it names.
// Params: $docId, $refs
// Returns: linked
UNWIND $refs AS ref
MATCH (a:Element {id: ref.from}), (b:Section {id: ref.to})
WHERE a.docId = $docId AND b.docId = $docId
CREATE (a)-[:REFERS_TO {mention: ref.mention}]->(b)
RETURN count(*) AS linked
