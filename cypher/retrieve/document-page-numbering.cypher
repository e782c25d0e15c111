// What a question naming a page needs to find it in one READY document: the page count, and the running headers and
// footers whose printed page numbers map what the reader sees as page 9 to the PDF page showing it
// (src/ingest/layout/page-labels.ts). No row when the document is unknown or not READY.
// Params: $docId
// Returns: pageCount, furniture
MATCH (d:Document {id: $docId})
WHERE d.status = 'READY'
RETURN d.pageCount AS pageCount,
       COLLECT {
         MATCH (e:Element {docId: $docId})
         WHERE e.kind IN ['page-header', 'page-footer']
         RETURN {pageNumber: e.pageNumber, kind: e.kind, text: e.text}
       } AS furniture
