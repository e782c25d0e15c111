// Scopes Element lookups and deletes to one document without scanning the label.
// Params: none
// Returns: nothing
CREATE INDEX element_doc_id IF NOT EXISTS FOR (n:Element) ON (n.docId)
