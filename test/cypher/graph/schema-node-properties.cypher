// Tests only: every label combination's properties and their types in the whole database, as Neo4j reports them.
// Params: none
// Returns: labels, property, types
CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName, propertyTypes
RETURN nodeLabels AS labels, propertyName AS property, propertyTypes AS types
