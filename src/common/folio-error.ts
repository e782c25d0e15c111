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

/** What a failure means to its caller, whatever the transport; the API edge gives each kind its code and status. */
export type ErrorKind =
  | 'invalid'
  | 'tooComplex'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'precondition'
  | 'internal'
  | 'upstream'
  | 'unavailable'
  | 'timeout';

const KINDS = Symbol('error kinds');

/** A module's codes as an object (`codes.X === 'X'`) that also knows each code's kind. */
export type ErrorCodes<C extends string> = { readonly [K in C]: K } & {
  readonly [KINDS]: Readonly<Record<C, ErrorKind>>;
};

/** A module's error codes grouped by kind, each written once; `CodeOf<typeof codes>` is their union. */
export function errorCodes<const C extends string>(
  byKind: Partial<Record<ErrorKind, readonly C[]>>,
): ErrorCodes<C> {
  const groups = Object.entries(byKind) as [ErrorKind, C[]][];
  const kinds = Object.fromEntries(groups.flatMap(([kind, codes]) => codes.map((c) => [c, kind])));
  const codes = Object.fromEntries(Object.keys(kinds).map((c) => [c, c]));
  return Object.assign(codes, { [KINDS]: kinds }) as ErrorCodes<C>;
}

/** The kind a module's code table gives `code` (undefined for a code it does not list). */
export function kindOf<C extends string>(codes: ErrorCodes<C>, code: string): ErrorKind | undefined {
  return (codes[KINDS] as Partial<Record<string, ErrorKind>>)[code];
}

export type CodeOf<Codes> = Codes[Extract<keyof Codes, string>];
