import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir, lockFileName, parseLock, processStartTime } from './data-dir-lock';

/** Linux's largest process id is 4194304 (pid_max's ceiling): this one never runs. */
const beyondLargestPid = 4194305;

/** The embedded database's lock file (issue 35, item 5): who holds it, and when a lock it finds is stale. */
describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const lockPath = () => join(dir, lockFileName);

  /** A process that stays alive until the test ends it, once it is running. */
  async function otherProcess() {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    return { pid: Number(child.pid), stop: () => child.kill('SIGKILL') };
  }

  it('writes this process and its start time, and removes the file when given back', () => {
    const release = lockDataDir(dir);
    const lock = parseLock(readFileSync(lockPath(), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    expect(lock.startedAt).toBe(processStartTime('self'));
    release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('refuses while another live process holds it, by its id alone (an older lock) or with its start time', async () => {
    const other = await otherProcess();
    try {
      for (const text of [`${other.pid}\n`, `${other.pid}\n${processStartTime(other.pid)}\n`]) {
        writeFileSync(lockPath(), text);
        expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
        expect(readFileSync(lockPath(), 'utf8')).toBe(text);
      }
    } finally {
      other.stop();
    }
  });

  it('takes over a lock whose process id now belongs to a later process (another start time)', async () => {
    const other = await otherProcess();
    try {
      const startedAt = processStartTime(other.pid);
      expect(startedAt).toMatch(/^[0-9]+$/);
      writeFileSync(lockPath(), `${other.pid}\n${BigInt(startedAt ?? '0') + 1n}\n`);
      const release = lockDataDir(dir);
      expect(parseLock(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid);
      release();
    } finally {
      other.stop();
    }
  });

  it('takes over a lock whose process is gone', () => {
    // A pid past the kernel's largest stands for a process that is gone for certain.
    writeFileSync(lockPath(), `${beyondLargestPid}\n12345\n`);
    const release = lockDataDir(dir);
    expect(parseLock(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid);
    release();
  });
});

describe('processStartTime', () => {
  it("reads a process whose name holds spaces and parentheses, and none for a process that doesn't exist", async () => {
    const child = spawn(
      process.execPath,
      ['-e', "process.title = 'x) y (z'; console.log('ready'); setInterval(() => {}, 1000)"],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      expect(readFileSync(`/proc/${child.pid}/stat`, 'utf8')).toContain('(x) y (z)');
      const startedAt = processStartTime(Number(child.pid));
      expect(startedAt).toMatch(/^[0-9]+$/);
      expect(BigInt(startedAt ?? '0')).toBeGreaterThanOrEqual(BigInt(processStartTime('self') ?? '0'));
    } finally {
      child.kill('SIGKILL');
    }
    expect(processStartTime(beyondLargestPid)).toBeNull();
  });
});
