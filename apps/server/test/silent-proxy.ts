import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 between the app and PostgreSQL that can go silent: it stops forwarding, dropping what it is
 * sent and never answering, as a dead network path does.
 */
export class SilentableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  silent = false;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    this.server = createServer((downstream) => {
      this.sockets.add(downstream);
      // A connection made while silent is accepted and then never answered, like a SYN into a dead path.
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      const pipe = (from: Socket, to: Socket) =>
        from.on('data', (chunk: Buffer) => {
          if (!this.silent) to.write(chunk);
        });
      pipe(downstream, upstream);
      pipe(upstream, downstream);
      const close = () => {
        downstream.destroy();
        upstream.destroy();
      };
      downstream.on('close', close).on('error', close);
      upstream.on('close', close).on('error', close);
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  async stop() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
