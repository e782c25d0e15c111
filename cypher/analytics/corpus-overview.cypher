// One row per READY document to compare documents across the corpus: pages, OCR share, elements, sections and
// section depth, tables/figures/charts, resolved cross-references per page, uncaptioned visuals, and SIMILAR_TO
// edges; ordered by file name.
// Params: none
// Returns: docId, title, fileName, pageCount, ocrShare, elements, sections, maxDepth, visuals, uncaptioned, references, referencesPerPage, similarEdges
MATCH (d:Document {status: 'READY'})
CALL (d) {
  OPTIONAL MATCH (p:Page {docId: d.id})
  RETURN count(p) AS pages, count(CASE WHEN p.hasTextLayer = false THEN 1 END) AS ocrPages,
         sum(COUNT { (p)-[:SIMILAR_TO]->(:Page) }) AS similarEdges
}
CALL (d) {
  OPTIONAL MATCH (e:Element {docId: d.id})
  RETURN count(e) AS elements,
         count(CASE WHEN e:Table|Figure|Chart THEN 1 END) AS visuals,
         count(CASE WHEN e:Table|Figure|Chart AND NOT EXISTS { (:Element)-[:CAPTIONS]->(e) } THEN 1 END)
           AS uncaptioned,
         sum(COUNT { (e)-[:REFERS_TO]->() }) AS references
}
CALL (d) {
  OPTIONAL MATCH path = (d)-[:HAS_SECTION]->(:Section)-[:HAS_SUBSECTION*0..]->(s:Section)
  RETURN count(s) AS sections, coalesce(max(length(path)), 0) AS maxDepth
}
RETURN d.id AS docId, d.title AS title, d.fileName AS fileName, pages AS pageCount,
       CASE WHEN pages = 0 THEN 0.0 ELSE toFloat(ocrPages) / pages END AS ocrShare,
       elements, sections, maxDepth, visuals, uncaptioned, references,
       CASE WHEN pages = 0 THEN 0.0 ELSE toFloat(references) / pages END AS referencesPerPage, similarEdges
ORDER BY fileName, docId
