export const FOLIO_CONFIG = Symbol('FOLIO_CONFIG');
