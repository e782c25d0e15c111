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

/** The identity in an owner key, and the owner's staleness rule when the key carries one (thisOwner). */
export function parseOwnerKey(key: string): (ProcessIdentity & { silenceMs?: number }) | null {
  const parts = key.split(SEPARATOR);
  if (parts.length !== 5 && parts.length !== 6) return null;
  const [host, bootId, pidNamespace, pid, startTicks] = parts as [string, string, string, string, string];
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0) return null;
  const silenceMs = Number(parts[5]);
  const id = { host, bootId, pidNamespace, pid: n, startTicks };
  return parts.length === 6 && Number.isInteger(silenceMs) && silenceMs > 0 ? { ...id, silenceMs } : id;
}

let self: ProcessIdentity | undefined;

/** This process's identity (read once). */
export function thisProcess(): ProcessIdentity {
  self ??= identityOf(process.pid);
  return self;
}

/**
 * The owner key this process stamps on the work it starts. `silenceMs` (its FOLIO_STALE_HEARTBEAT_MS) travels in
 * the key, so a process on another machine with a shorter rule still waits that long before taking the work.
 */
export function thisOwner(silenceMs?: number): string {
  const key = ownerKey(thisProcess());
  return silenceMs ? `${key}${SEPARATOR}${silenceMs}` : key;
}

/** What the process behind an owner key is: only a process of this machine can be known alive or dead. */
export type OwnerState = 'alive' | 'dead' | 'unknown';

/** A /proc/<pid>/stat line; null when the pid is gone, undefined when /proc could not tell (e.g. out of files). */
function readStat(pid: number, proc: ProcFs): string | null | undefined {
  try {
    return proc.readFile(`/proc/${pid}/stat`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ESRCH' ? null : undefined;
  }
}

/**
 * Alive or dead when the owner ran on this machine, in this boot and pid namespace: its pid runs with the recorded
 * start time, or it is gone, a zombie or reused. Anything else (another host, no /proc, an unreadable stat) is
 * unknown, and only the heartbeat can tell. */
export function ownerState(
  key: string | null | undefined,
  me: ProcessIdentity = thisProcess(),
  proc: ProcFs = realProc,
): OwnerState {
  const owner = key ? parseOwnerKey(key) : null;
  if (!owner || owner.host !== me.host || !me.bootId) return 'unknown';
  if (owner.bootId !== me.bootId) return 'dead'; // the machine restarted since
  if (!me.pidNamespace || owner.pidNamespace !== me.pidNamespace) return 'unknown';
  if (owner.pid === me.pid) return owner.startTicks === me.startTicks ? 'alive' : 'dead';
  const stat = readStat(owner.pid, proc);
  if (stat === undefined) return 'unknown';
  if (stat === null || /^[ZX]$/.test(stateOf(stat))) return 'dead'; // gone, or a zombie its parent has not reaped
  if (owner.startTicks === '') return 'unknown';
  return startTicksOf(stat) === owner.startTicks ? 'alive' : 'dead';
}

/** True only when the owner is certainly dead (ownerState). */
export function isDeadOwner(
  key: string | null | undefined,
  me: ProcessIdentity = thisProcess(),
  proc: ProcFs = realProc,
): boolean {
  return ownerState(key, me, proc) === 'dead';
}

/** Open work as the sweep and the readers see it: who owns it and how long it has been silent (Neo4j's clock). */
export interface OwnedWork {
  owner?: string | null;
  heartbeatAgeMs?: number | null;
}

/**
 * The one rule for taking over open work: a dead owner's at once; a live owner's on this machine never, however
 * silent (a busy or paused process is not a dead one); an unknown owner's once silent past the longer of
 * `staleAfterMs` and the owner's own rule (carried in its key). */
export function isAbandoned(
  work: OwnedWork,
  staleAfterMs: number,
  me: ProcessIdentity = thisProcess(),
  proc: ProcFs = realProc,
): boolean {
  const state = ownerState(work.owner, me, proc);
  if (state !== 'unknown') return state === 'dead';
  const bound = Math.max(staleAfterMs, (work.owner && parseOwnerKey(work.owner)?.silenceMs) || 0);
  return work.heartbeatAgeMs != null && work.heartbeatAgeMs > bound;
}
