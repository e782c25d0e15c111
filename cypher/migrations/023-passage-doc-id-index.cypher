// Scopes Passage lookups and deletes to one document without scanning the label.
// Params: none
// Returns: nothing
CREATE INDEX passage_doc_id IF NOT EXISTS FOR (n:Passage) ON (n.docId)
