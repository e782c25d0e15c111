// Every EnrichmentJob has a unique id (enrichment jobs, like ingestion jobs, live in Neo4j).
// Params: none
// Returns: nothing
CREATE CONSTRAINT enrichment_job_id_unique IF NOT EXISTS FOR (j:EnrichmentJob) REQUIRE j.id IS UNIQUE
