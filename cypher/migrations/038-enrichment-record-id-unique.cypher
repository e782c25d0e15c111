// One EnrichmentRecord per document and stage (its id is `<docId>:<stage>`), the record an enrichment run writes.
// Params: none
// Returns: nothing
CREATE CONSTRAINT enrichment_record_id_unique IF NOT EXISTS FOR (n:EnrichmentRecord) REQUIRE n.id IS UNIQUE
