// What the summaries stage would read: pages, sections and characters of element text (for a cost estimate).
// Params: $docId
// Returns: pages, sections, chars
CALL () {
  MATCH (p:Page {docId: $docId})
  RETURN count(p) AS pages
}
CALL () {
  MATCH (s:Section {docId: $docId})
  RETURN count(s) AS sections
}
CALL () {
  MATCH (e:Element {docId: $docId})
  RETURN sum(size(coalesce(e.text, '')) + size(coalesce(e.description, ''))) AS chars
}
RETURN pages, sections, chars
