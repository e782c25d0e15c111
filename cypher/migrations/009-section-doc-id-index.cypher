// Scopes Section lookups and deletes to one document without scanning the label.
// Params: none
// Returns: nothing
CREATE INDEX section_doc_id IF NOT EXISTS FOR (n:Section) ON (n.docId)
