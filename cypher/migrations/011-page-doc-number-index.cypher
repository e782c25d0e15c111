// Finds a page by (document, number) — the most common page lookup.
// Params: none
// Returns: nothing
CREATE INDEX page_doc_number IF NOT EXISTS FOR (p:Page) ON (p.docId, p.number)
