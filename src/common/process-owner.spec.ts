import {
  identityOf,
  isDeadOwner,
  ownerKey,
  parseOwnerKey,
  ProcFs,
  startTicksOf,
  thisOwner,
} from './process-owner';

/** A /proc with the given files (stat lines by pid) and links; everything else is missing. */
function fakeProc(stats: Record<number, string>, bootId = 'boot-1', ns = 'pid:[4026531836]'): ProcFs {
  return {
    readFile: (f) => {
      if (f === '/proc/sys/kernel/random/boot_id') return `${bootId}\n`;
      const pid = /^\/proc\/(\d+)\/stat$/.exec(f)?.[1];
      const stat = pid ? stats[Number(pid)] : undefined;
      if (stat === undefined) throw new Error(`ENOENT ${f}`);
      return stat;
    },
    readLink: (f) => {
      const pid = /^\/proc\/(\d+)\/ns\/pid$/.exec(f)?.[1];
      if (!pid || stats[Number(pid)] === undefined) throw new Error(`ENOENT ${f}`);
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
    expect(isDeadOwner(ownerKey({ ...parseOwnerKey(thisOwner())!, pid: 2 ** 22 + 1 }))).toBe(
      process.platform === 'linux',
    );
  });
});
