// The text of candidate pages, for re-ranking a page as a whole (cross-encoder or LLM relevance).
// Params: $pages
// Returns: docId, pageNumber, text
UNWIND $pages AS p
MATCH (page:Page {docId: p.docId, number: p.pageNumber})
RETURN page.docId AS docId, page.number AS pageNumber, page.text AS text
