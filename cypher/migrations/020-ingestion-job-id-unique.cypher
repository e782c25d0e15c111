// Every IngestionJob has a unique id (jobs live in Neo4j so any Folio process can report them).
// Params: none
// Returns: nothing
CREATE CONSTRAINT ingestion_job_id_unique IF NOT EXISTS FOR (j:IngestionJob) REQUIRE j.id IS UNIQUE
