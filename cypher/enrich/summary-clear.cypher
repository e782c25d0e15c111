// Removes the page, section and document summaries of a document (the summaries stage's output) and the
// summary copies on its pages and sections; cluster summaries (the tree stage's) stay.
// Params: $docId
// Returns: deleted
CALL (){
  MATCH (p:Page {docId: $docId}) WHERE p.summary IS NOT NULL
  REMOVE p.summary
  RETURN count(*) AS pages
}
CALL (){
  MATCH (s:Section {docId: $docId}) WHERE s.summary IS NOT NULL
  REMOVE s.summary
  RETURN count(*) AS sections
}
OPTIONAL MATCH (m:Summary {docId: $docId})
WHERE m.kind IN ['page', 'section', 'document']
DETACH DELETE m
RETURN count(m) AS deleted
