/**
 * The base of every module's typed errors: a code from the module's own enum and a message that says what was
 * wrong and what to do. Modules know nothing of transports; `src/api/error-map.ts` maps each code to GraphQL/HTTP.
 */
export abstract class FolioError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A module's error codes, each name written once: `codes.X === 'X'`; `CodeOf<typeof codes>` is their union. */
export function errorCodes<const C extends string>(...codes: C[]): { readonly [K in C]: K } {
  return Object.fromEntries(codes.map((c) => [c, c])) as { readonly [K in C]: K };
}

export type CodeOf<Codes> = Codes[keyof Codes];
