// What a call throws, for specs that check an error's code or fields rather than its message alone.

/** The error `run` throws; fails the spec when `run` returns instead. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}
