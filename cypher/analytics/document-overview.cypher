// Headline numbers of one document: pages, pages without a text layer (read by OCR) and their share, elements,
// sections, tables, figures and charts, and the page edges. No row for an unknown id.
// Params: $docId
// Returns: docId, title, fileName, pageCount, ocrPages, ocrShare, elements, sections, tables, figures, charts, nextPageEdges, similarEdges
MATCH (d:Document {id: $docId})
CALL (d) {
  OPTIONAL MATCH (p:Page {docId: d.id})
  RETURN count(p) AS pages, count(CASE WHEN p.hasTextLayer = false THEN 1 END) AS ocrPages,
         sum(COUNT { (p)-[:NEXT_PAGE]->(:Page) }) AS nextPageEdges,
         sum(COUNT { (p)-[:SIMILAR_TO]->(:Page) }) AS similarEdges
}
CALL (d) {
  OPTIONAL MATCH (e:Element {docId: d.id})
  RETURN count(e) AS elements, count(CASE WHEN e:Table THEN 1 END) AS tables,
         count(CASE WHEN e:Figure THEN 1 END) AS figures, count(CASE WHEN e:Chart THEN 1 END) AS charts
}
CALL (d) {
  RETURN COUNT { (s:Section {docId: d.id}) } AS sections
}
RETURN d.id AS docId, d.title AS title, d.fileName AS fileName, pages AS pageCount, ocrPages,
       CASE WHEN pages = 0 THEN 0.0 ELSE toFloat(ocrPages) / pages END AS ocrShare,
       elements, sections, tables, figures, charts, nextPageEdges, similarEdges
