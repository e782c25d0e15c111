// What a question counting a READY document's figures, tables or charts needs (src/retrieve/structure-count.ts):
// its page count, its captions (whose text opens with the label, "Figure 3: …"), its figure, table and chart
// regions with what they print (their text, else their description; empty for a picture without words), and its
// outline in reading order (where the appendix starts). No row when the document is unknown or not READY.
// Params: $docId
// Returns: pageCount, captions, regions, sections
MATCH (d:Document {id: $docId})
WHERE d.status = 'READY'
RETURN d.pageCount AS pageCount,
       COLLECT {
         MATCH (c:Element {docId: $docId, kind: 'caption'})
         RETURN {elementId: c.id, pageNumber: c.pageNumber, text: left(c.text, 200), bbox: c.bbox}
         ORDER BY c.pageNumber, c.readingIndex
       } AS captions,
       COLLECT {
         MATCH (r:Element {docId: $docId})
         WHERE r.kind IN ['figure', 'table', 'chart']
         RETURN {elementId: r.id, kind: r.kind, pageNumber: r.pageNumber, bbox: r.bbox,
                 text: left(CASE WHEN trim(coalesce(r.text, '')) <> '' THEN r.text ELSE coalesce(r.description, '') END, 200)}
         ORDER BY r.pageNumber, r.readingIndex
       } AS regions,
       COLLECT {
         MATCH (s:Section {docId: $docId})
         RETURN {title: s.title, pageStart: s.pageStart}
         ORDER BY s.order
       } AS sections
