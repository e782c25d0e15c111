// Scopes Page lookups and deletes to one document without scanning the label.
// Params: none
// Returns: nothing
CREATE INDEX page_doc_id IF NOT EXISTS FOR (n:Page) ON (n.docId)
