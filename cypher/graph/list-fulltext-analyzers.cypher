// The analyzer of every full-text index, so a migration that changes an analyzer can rebuild its index.
// Params: none
// Returns: name, analyzer
SHOW FULLTEXT INDEXES YIELD name, options
RETURN name, options.indexConfig['fulltext.analyzer'] AS analyzer
