// What a bench's server in a process of its own does at its edges (api-server.ts, payer-page-server.ts): listen on a
// free port of 127.0.0.1, and on SIGTERM close what it opened, in order, then exit.

/** Listens on a free port of 127.0.0.1 and returns the port. */
export async function listen(server: { listen(options: { port: number; host: string }): Promise<string> }) {
  return Number(new URL(await server.listen({ port: 0, host: '127.0.0.1' })).port);
}

/** On SIGTERM closes each of `closables` in turn (the server before its database), then exits 0. */
export function stopOnSigterm(...closables: { close(): Promise<unknown> }[]) {
  process.on('SIGTERM', () => {
    void closables
      .reduce<Promise<unknown>>((done, closable) => done.then(() => closable.close()), Promise.resolve())
      .finally(() => process.exit(0));
  });
}
