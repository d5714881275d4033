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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Takes the data directory's lock file for this process, or throws DataDirInUse when a live process holds it. A lock
 * left by a process that is gone (killed, crashed) — or one naming this very process id, as a container restarted
 * on the same volume does — is stale and taken over. Returns the function that gives the lock back; it is also given
 * back when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, lockFileName);
  const release = () => {
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
    process.off('exit', release);
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
    } catch {
      continue; // given back meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUse(dataDir, holder);
    }
    rmSync(path, { force: true });
  }
  throw new Error(`could not take the lock file ${path}`);
}
