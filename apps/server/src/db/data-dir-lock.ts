import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file that says which process has the embedded database of a data directory open. */
export const lockFileName = 'paydesk.lock';

/** Another live process has the embedded database open: two processes on one PGlite directory would corrupt it. */
export class DataDirInUse extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by another Paydesk process (pid ${pid}): stop it first, or set DATA_DIR to another folder`,
    );
  }
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where there is no /proc
 * (not Linux) or no such process. A process id is reused once its process is gone; its start time with it is not.
 */
export function processStartTime(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces and ')': count from the last one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** The holder a lock file names, read: its process id and, when the file has one, its start time. */
export function parseLock(text: string): { pid: number; startedAt: string | null } {
  const [pid = '', startedAt = ''] = text.trim().split('\n');
  return { pid: Number.parseInt(pid, 10), startedAt: /^[0-9]+$/.test(startedAt.trim()) ? startedAt.trim() : null };
}

/**
 * The lock's holder is running: its process id is alive and, when the lock and this machine both know start times,
 * it is the same process that wrote the lock (not a later one given the same id after a crash or a reboot).
 */
function holds(holder: { pid: number; startedAt: string | null }): boolean {
  if (!isAlive(holder.pid)) return false;
  const now = holder.startedAt === null ? null : processStartTime(holder.pid);
  return now === null || now === holder.startedAt;
}

/**
 * Takes the data directory's lock file for this process (its id, then its start time where /proc tells it), or throws
 * DataDirInUse when a live process holds it. A lock left by a process that is gone (killed, crashed), one whose id a
 * later process was given, or one naming this very process id, as a container restarted on the same volume does, is
 * stale and taken over. Returns the function that gives the lock back; it is also given
 * back when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, lockFileName);
  const release = () => {
    try {
      if (parseLock(readFileSync(path, 'utf8')).pid === process.pid) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
    process.off('exit', release);
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const startedAt = processStartTime('self');
      writeFileSync(path, `${process.pid}\n${startedAt === null ? '' : `${startedAt}\n`}`, { flag: 'wx' });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    let holder: ReturnType<typeof parseLock>;
    try {
      holder = parseLock(readFileSync(path, 'utf8'));
    } catch {
      continue; // given back meanwhile: try again
    }
    if (Number.isInteger(holder.pid) && holder.pid > 0 && holder.pid !== process.pid && holds(holder)) {
      throw new DataDirInUse(dataDir, holder.pid);
    }
    rmSync(path, { force: true });
  }
  throw new Error(`could not take the lock file ${path}`);
}
