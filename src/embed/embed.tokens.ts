/** The configured Embedder (see embedder.ts). */
export const EMBEDDER = Symbol('EMBEDDER');
/** The EmbedConfig the importing module provides. */
export const EMBED_CONFIG = Symbol('EMBED_CONFIG');
