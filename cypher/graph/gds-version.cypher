// The Graph Data Science library version; fails when GDS is not installed.
// Params: none
// Returns: version
RETURN gds.version() AS version
