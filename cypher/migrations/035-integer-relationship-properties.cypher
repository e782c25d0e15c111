// Stores as an INTEGER the evolution round of RELATES_TO edges that builds before this one wrote as a FLOAT (a
// JavaScript number arrives in Cypher as a FLOAT). Rewrites only edges still holding a FLOAT.
// Once: it scans every RELATES_TO edge, and the write query stores INTEGERs from this build on.
// Params: none
// Returns: nothing
MATCH ()-[r:RELATES_TO]->()
WHERE r.iteration IS :: FLOAT NOT NULL
CALL (r) {
  SET r.iteration = toInteger(r.iteration)
} IN TRANSACTIONS OF 5000 ROWS
