export const NEO4J_DRIVER = Symbol('NEO4J_DRIVER');

/** Provide `false` to start without migrating (the re-embed command migrates itself, after re-embedding). */
export const MIGRATE_ON_START = Symbol('MIGRATE_ON_START');
