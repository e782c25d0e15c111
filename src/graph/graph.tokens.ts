export const NEO4J_DRIVER = Symbol('NEO4J_DRIVER');
