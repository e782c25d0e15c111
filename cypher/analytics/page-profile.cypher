// Per page of one document: element count, tables, figures and charts, whether the page has a text layer (a
// page without one was read by OCR), and its degree over NEXT_PAGE, SIMILAR_TO (either direction) and REFERS_TO
// (mentions on the page pointing out, and mentions elsewhere pointing at the page or at an element on it).
// Params: $docId
// Returns: pageNumber, hasTextLayer, elements, tables, figures, charts, nextPage, similar, refersOut, refersIn, degree
MATCH (p:Page {docId: $docId})
CALL (p) {
  OPTIONAL MATCH (p)-[:HAS_ELEMENT]->(e:Element)
  RETURN count(e) AS elements, count(CASE WHEN e:Table THEN 1 END) AS tables,
         count(CASE WHEN e:Figure THEN 1 END) AS figures, count(CASE WHEN e:Chart THEN 1 END) AS charts
}
CALL (p) {
  RETURN COUNT { (p)-[:NEXT_PAGE]-(:Page) } AS nextPage, COUNT { (p)-[:SIMILAR_TO]-(:Page) } AS similar,
         COUNT { (p)-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->() } AS refersOut,
         COUNT { (p)<-[:REFERS_TO]-(:Element) } + COUNT { (p)-[:HAS_ELEMENT]->(:Element)<-[:REFERS_TO]-(:Element) }
           AS refersIn
}
RETURN p.number AS pageNumber, coalesce(p.hasTextLayer, true) AS hasTextLayer, elements, tables, figures, charts,
       nextPage, similar, refersOut, refersIn, nextPage + similar + refersOut + refersIn AS degree
ORDER BY pageNumber
