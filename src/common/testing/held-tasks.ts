// Tasks a gate or queue spec starts and finishes by hand, to see who runs when.

/** A task that runs until released, recording in `log` when it started. */
export function held(log: string[], name: string) {
  let release = () => undefined as void;
  const done = new Promise<void>((r) => (release = r));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    release: () => release(),
  };
}

/** Lets every promise that can settle now settle. */
export const tick = () => new Promise((r) => setImmediate(r));
