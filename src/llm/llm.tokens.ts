/** Optional LlmClientDeps (transport, sleep, log) for tests that drive LlmService without HTTP. */
export const LLM_CLIENT_DEPS = Symbol('LLM_CLIENT_DEPS');
