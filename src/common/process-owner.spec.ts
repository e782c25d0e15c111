import {
  identityOf,
  isAbandoned,
  isDeadOwner,
  ownerKey,
  ownerState,
  parseOwnerKey,
  ProcFs,
  startTicksOf,
  thisOwner,
} from './process-owner';

const missing = (f: string) => Object.assign(new Error(`ENOENT: no such file '${f}'`), { code: 'ENOENT' });

/** A /proc with the given files (stat lines by pid) and links; everything else is missing. */
function fakeProc(stats: Record<number, string>, bootId = 'boot-1', ns = 'pid:[4026531836]'): ProcFs {
  return {
    readFile: (f) => {
      if (f === '/proc/sys/kernel/random/boot_id') return `${bootId}\n`;
      const pid = /^\/proc\/(\d+)\/stat$/.exec(f)?.[1];
      const stat = pid ? stats[Number(pid)] : undefined;
      if (stat === undefined) throw missing(f);
      return stat;
    },
    readLink: (f) => {
      const pid = /^\/proc\/(\d+)\/ns\/pid$/.exec(f)?.[1];
      if (!pid || stats[Number(pid)] === undefined) throw missing(f);
      return ns;
    },
  };
}

/** A /proc/<pid>/stat line: the command name may hold spaces and parentheses; field 22 is the start time. */
const statLine = (pid: number, start: number, state = 'S') =>
  `${pid} (node (api) x) ${state} 1 ${pid} ${pid} 0 -1 4194560 1 0 0 0 5 3 0 0 20 0 11 0 ${start} 1000 100`;

describe('process owners', () => {
  const proc = fakeProc({ 100: statLine(100, 5000), 200: statLine(200, 7000), 300: statLine(300, 1, 'Z') });
  const me = identityOf(100, proc, 'box');

  it('reads the start time after a command name with spaces and parentheses', () => {
    expect(startTicksOf(statLine(42, 123456))).toBe('123456');
    expect(me).toEqual({
      host: 'box',
      bootId: 'boot-1',
      pidNamespace: 'pid:[4026531836]',
      pid: 100,
      startTicks: '5000',
    });
    expect(parseOwnerKey(ownerKey(me))).toEqual(me);
    expect(parseOwnerKey('host:123')).toBeNull();
  });

  it('calls an owner dead when its pid is gone, reused by a later process, a zombie, or from another boot', () => {
    const owner = (pid: number, start: string, bootId = 'boot-1') =>
      ownerKey({ ...me, pid, startTicks: start, bootId });
    expect(isDeadOwner(owner(999, '10'), me, proc)).toBe(true); // gone
    expect(isDeadOwner(owner(200, '6999'), me, proc)).toBe(true); // pid reused
    expect(isDeadOwner(owner(300, '1'), me, proc)).toBe(true); // zombie
    expect(isDeadOwner(owner(200, '7000', 'boot-0'), me, proc)).toBe(true); // the machine restarted
    expect(isDeadOwner(owner(100, '4000'), me, proc)).toBe(true); // an earlier process with this very pid
  });

  it('calls an owner alive, or unknown, in every other case', () => {
    expect(isDeadOwner(ownerKey(me), me, proc)).toBe(false); // itself
    expect(isDeadOwner(ownerKey({ ...me, pid: 200, startTicks: '7000' }), me, proc)).toBe(false); // running
    expect(isDeadOwner(ownerKey({ ...me, host: 'other', pid: 999 }), me, proc)).toBe(false); // another host
    expect(isDeadOwner(ownerKey({ ...me, pidNamespace: 'pid:[1]', pid: 999 }), me, proc)).toBe(false); // a container
    expect(isDeadOwner(null, me, proc)).toBe(false);
    expect(isDeadOwner('host:123', me, proc)).toBe(false); // written before owners were recorded
  });

  it('knows this process to be alive on the real /proc', () => {
    expect(isDeadOwner(thisOwner())).toBe(false);
    expect(ownerState(thisOwner(300_000))).toBe(process.platform === 'linux' ? 'alive' : 'unknown');
    expect(isDeadOwner(ownerKey({ ...parseOwnerKey(thisOwner())!, pid: 2 ** 22 + 1 }))).toBe(
      process.platform === 'linux',
    );
  });

  it('does not call an owner dead when /proc cannot be read for another reason than its absence', () => {
    const busy: ProcFs = {
      ...proc,
      readFile: (f) => {
        if (f === '/proc/200/stat')
          throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
        return proc.readFile(f);
      },
    };
    expect(ownerState(ownerKey({ ...me, pid: 200, startTicks: '7000' }), me, busy)).toBe('unknown');
    expect(ownerState(ownerKey({ ...me, pid: 200, startTicks: '7000' }), me, proc)).toBe('alive');
    expect(ownerState(ownerKey({ ...me, pid: 999 }), me, proc)).toBe('dead');
  });

  it.each([
    ['a live owner on this machine, silent for an hour', { pid: 200, startTicks: '7000' }, 3_600_000, false],
    ['a dead owner on this machine, heard from a second ago', { pid: 999 }, 1000, true],
    ['an owner on another machine, silent past the rule', { host: 'other', pid: 200 }, 301_000, true],
    ['an owner on another machine, silent within the rule', { host: 'other', pid: 200 }, 299_000, false],
  ])('takes over open work by one rule: %s', (_, who, heartbeatAgeMs, taken) => {
    const owner = ownerKey({ ...me, ...who });
    expect(isAbandoned({ owner, heartbeatAgeMs }, 300_000, me, proc)).toBe(taken);
  });

  it("waits out the owner's own, longer rule carried in its key, and a keyless owner's silence", () => {
    const longRule = `${ownerKey({ ...me, host: 'other' })}|600000`;
    expect(parseOwnerKey(longRule)).toMatchObject({ host: 'other', silenceMs: 600_000 });
    expect(isAbandoned({ owner: longRule, heartbeatAgeMs: 10_000 }, 2000, me, proc)).toBe(false);
    expect(isAbandoned({ owner: longRule, heartbeatAgeMs: 601_000 }, 2000, me, proc)).toBe(true);
    expect(isAbandoned({ owner: null, heartbeatAgeMs: 3000 }, 2000, me, proc)).toBe(true);
    expect(isAbandoned({ owner: null, heartbeatAgeMs: 1000 }, 2000, me, proc)).toBe(false);
  });
});
