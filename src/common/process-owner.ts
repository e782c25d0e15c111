import * as fs from 'node:fs';
import * as os from 'node:os';

/**
 * Who owns open work (host, boot, pid namespace, pid and its start time), so a process on the same machine can tell
 * at once that the owner is dead instead of waiting for its heartbeat to go stale. */
export interface ProcessIdentity {
  host: string;
  /** The kernel's boot id ('' where /proc does not tell): a pid from another boot is dead. */
  bootId: string;
  /** The pid namespace ('' where unknown): containers on one kernel reuse the same pids. */
  pidNamespace: string;
  pid: number;
  /** The process's start time in clock ticks since boot ('' where unknown): tells a reused pid apart. */
  startTicks: string;
}

const SEPARATOR = '|';

function readOrEmpty(file: string, read: (f: string) => string): string {
  try {
    return read(file).trim();
  } catch {
    return '';
  }
}

/** Field 22 of /proc/<pid>/stat, after the command name (which may hold spaces and parentheses). */
export function startTicksOf(stat: string): string {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? '';
}

function stateOf(stat: string): string {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '';
}

export interface ProcFs {
  readFile: (file: string) => string;
  readLink: (file: string) => string;
}

const realProc: ProcFs = {
  readFile: (f) => fs.readFileSync(f, 'utf8'),
  readLink: (f) => fs.readlinkSync(f),
};

export function identityOf(pid: number, proc: ProcFs = realProc, host = os.hostname()): ProcessIdentity {
  return {
    host,
    bootId: readOrEmpty('/proc/sys/kernel/random/boot_id', proc.readFile),
    pidNamespace: readOrEmpty(`/proc/${pid}/ns/pid`, proc.readLink),
    pid,
    startTicks: startTicksOf(readOrEmpty(`/proc/${pid}/stat`, proc.readFile)),
  };
}

export function ownerKey(id: ProcessIdentity): string {
  return [id.host, id.bootId, id.pidNamespace, String(id.pid), id.startTicks].join(SEPARATOR);
}

export function parseOwnerKey(key: string): ProcessIdentity | null {
  const parts = key.split(SEPARATOR);
  if (parts.length !== 5) return null;
  const [host, bootId, pidNamespace, pid, startTicks] = parts as [string, string, string, string, string];
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 ? { host, bootId, pidNamespace, pid: n, startTicks } : null;
}

let self: ProcessIdentity | undefined;

/** This process's identity (read once). */
export function thisProcess(): ProcessIdentity {
  self ??= identityOf(process.pid);
  return self;
}

/** The owner key this process stamps on the work it starts. */
export function thisOwner(): string {
  return ownerKey(thisProcess());
}

/**
 * True only when the owner is certainly dead: it ran on this machine, in this boot and pid namespace, and its pid
 * is gone or belongs to a process started at another time. Anything unknown (another host, no /proc) is false.
 */
export function isDeadOwner(
  key: string | null | undefined,
  me: ProcessIdentity = thisProcess(),
  proc: ProcFs = realProc,
): boolean {
  const owner = key ? parseOwnerKey(key) : null;
  if (!owner || owner.host !== me.host || !me.bootId) return false;
  if (owner.bootId !== me.bootId) return true; // the machine restarted since
  if (!me.pidNamespace || owner.pidNamespace !== me.pidNamespace) return false;
  if (owner.pid === me.pid) return owner.startTicks !== me.startTicks;
  const stat = readOrEmpty(`/proc/${owner.pid}/stat`, proc.readFile);
  if (!stat || /^[ZX]$/.test(stateOf(stat))) return true; // gone, or a zombie its parent has not reaped
  return owner.startTicks !== '' && startTicksOf(stat) !== owner.startTicks;
}
