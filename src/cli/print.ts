/** Where a command writes a line: stdout for its output, stderr for usage and errors; tests pass their own. */
export type Print = (msg: string) => void;

export const printOut: Print = (msg) => console.log(msg);
export const printErr: Print = (msg) => console.error(msg);
