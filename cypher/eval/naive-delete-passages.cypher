// Deletes every node of the naive page-passage baseline, in batches (auto-commit: CALL … IN TRANSACTIONS).
// Params: none
// Returns: nothing
MATCH (n:NaivePassage)
CALL (n) {
  DELETE n
} IN TRANSACTIONS OF 5000 ROWS
