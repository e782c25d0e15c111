// Neo4j server name, version and edition, for the health check.
// Params: none
// Returns: name, version, edition
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition
