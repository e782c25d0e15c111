export const NEO4J_DRIVER = Symbol('NEO4J_DRIVER');

/**
 * What the graph module does with the schema at start (default: migrate). Provide `'check'` for read-only commands
 * (only verify the schema is current, never write), `false` to leave it (the re-embed command migrates itself).
 */
export const MIGRATE_ON_START = Symbol('MIGRATE_ON_START');
export type MigrateOnStart = boolean | 'check';
