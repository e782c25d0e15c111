// Lists Folio's indexes and constraints with their state, for the health check.
// Params: none
// Returns: name, type, state, populationPercent, labels, properties
SHOW INDEXES YIELD name, type, state, populationPercent, labelsOrTypes, properties
WHERE type <> 'LOOKUP'
RETURN name, type, state, populationPercent, labelsOrTypes AS labels, properties
ORDER BY name
