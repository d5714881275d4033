import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startFailure } from '../src/db/start-failure';
import { testSecretsKey, testXpub } from './harness';

/** Starts the server as an operator would and collects what it prints before it stops. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH ?? '', SECRETS_KEY: testSecretsKey, DEPOSIT_XPUB: testXpub, PORT: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a wrong DATABASE_URL at start (issue 20, R4)', () => {
  it('prints one readable line without a stack trace or the password, and stops', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://paydesk:hunter2@127.0.0.1:1/paydesk' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Paydesk cannot start: the database at postgres://paydesk@127.0.0.1:1/paydesk cannot be used: the connection was refused (is PostgreSQL running there?).',
    ]);
  });

  it('names what PostgreSQL said in words', () => {
    const missing = Object.assign(new Error('database "nope" does not exist'), { code: '3D000' });
    const wrapped = new Error('Failed query: select 1\nparams: secret', { cause: missing });
    expect(startFailure(wrapped, 'postgres://u:p@db.example/nope')).toBe(
      'the database at postgres://u@db.example/nope cannot be used: the database does not exist.',
    );
    expect(startFailure(new Error('something odd\n    at x'), undefined)).toBe(
      'the database at the embedded database cannot be used: something odd.',
    );
  });
});
