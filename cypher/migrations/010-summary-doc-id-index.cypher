// Scopes Summary lookups and deletes to one document without scanning the label.
// Params: none
// Returns: nothing
CREATE INDEX summary_doc_id IF NOT EXISTS FOR (n:Summary) ON (n.docId)
