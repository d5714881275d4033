/** Where a database URL points, without its password: `postgres://paydesk@db.example:5432/paydesk`. */
function shownUrl(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'the embedded database';
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** Reasons PostgreSQL and the network give, in words an operator acts on. */
const reasons: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is PostgreSQL running there?)',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be resolved now',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  '28P01': 'the password was refused',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
  '42501': 'the user lacks a privilege the migrations need',
};

/** One line saying why the database could not be opened at start, never a stack trace nor a password. */
export function startFailure(error: unknown, databaseUrl: string | undefined): string {
  let reason: string | undefined;
  let message = 'unknown error';
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code, message: text } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && reasons[code]) reason ??= reasons[code];
    if (typeof text === 'string' && text) message = text;
    cause = (cause as { cause?: unknown }).cause;
  }
  const firstLine =
    message
      .split('\n')[0]
      ?.replace(/\bparams:.*$/, '')
      .trim() ?? '';
  return `the database at ${shownUrl(databaseUrl)} cannot be used: ${reason ?? firstLine}.`;
}

/** Why the server could not listen, in one line an operator acts on. */
export function listenFailure(error: unknown, port: number, host: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is already in use (another Paydesk or another program): stop it, or set PORT to a free port.`;
  if (code === 'EACCES') return `this user may not listen on port ${port}: set PORT to a port above 1023.`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: set HOST to one of its addresses.`;
  const message = error instanceof Error ? error.message : String(error);
  return `cannot listen on ${host}:${port}: ${message.split('\n')[0]}.`;
}
