// Tests only: every relationship type's properties and their types in the whole database, as Neo4j reports them.
// Params: none
// Returns: type, property, types
CALL db.schema.relTypeProperties() YIELD relType, propertyName, propertyTypes
RETURN relType AS type, propertyName AS property, propertyTypes AS types
