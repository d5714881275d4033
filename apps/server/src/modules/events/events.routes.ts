import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { adminsAudience, type EventHub } from './events.bus';

/** A socket that has not authenticated this long after connecting is closed. */
const authTimeoutMs = 10_000;
/** Close codes in the private range: 4401 not authenticated, 4400 a message that is not the protocol. */
const closeUnauthenticated = 4401;
const closeBadMessage = 4400;

/** SPEC §7: `{ type: 'auth', client: 'platform', data: { userId: <API key>, token: <ws_token> } }`. */
const authMessageSchema = z.object({
  type: z.literal('auth'),
  client: z.string().max(50).optional(),
  data: z.object({
    userId: z.string().max(200).nullish(),
    token: z.string().min(1).max(200),
  }),
});

interface Connection {
  socket: WebSocket;
  token: string;
  userId: string;
  unsubscribe: () => void;
}

/**
 * Where the sockets' sessions are read, given by auth (which owns the sessions) when app.ts registers the module: the
 * events module sits below auth and imports none of it (DESIGN §17).
 */
export interface SocketSessions {
  findSocketUser(
    db: Executor,
    wsToken: string,
    idleSince: Date,
  ): Promise<{ userId: string; apiKey: string | null; type: string } | undefined>;
  liveSocketTokens(db: Executor, tokens: string[], idleSince: Date): Promise<Set<string>>;
}

const send = (socket: WebSocket, type: string, message = '') => socket.send(JSON.stringify({ type, message }));

/**
 * The real-time connection of SPEC §4 and §7 at /ws/. The client authenticates with its first message: the session's
 * socket token (`ws_token` of /user/current) and, as the spec has it, the user's API key in `userId` (the user id is
 * accepted too, for users without a key). Then it receives the events of its user from any server process.
 */
export async function eventsRoutes(app: FastifyInstance, { hub, sessions }: EventsOptions) {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const connections = new Set<Connection>();
  const authenticate = (socket: WebSocket, raw: string) => authenticateSocket(app, { hub, sessions }, socket, raw);
  app.get('/ws/', { websocket: true }, (socket) => serveSocket(app, socket, authenticate, connections));

  // A session that ends (sign-out, expiry, blocking) takes its sockets with it.
  const revalidate = (which: Connection[] = [...connections]) => closeEndedSessions(app, sessions, which);
  // A user blocked, switched off or signed out everywhere, through any process: every process hears of it from the
  // database and checks that user's sockets at once, instead of at the next periodic check.
  app.sessions.onUserChanged((userId) => {
    const own = [...connections].filter((connection) => connection.userId === userId);
    revalidate(own).catch((error: unknown) => app.log.warn({ err: error }, 'socket revalidation failed'));
  });
  let interval: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await hub.start();
    interval = setInterval(() => {
      revalidate().catch((error: unknown) => app.log.warn({ err: error }, 'socket revalidation failed'));
    }, app.config.SOCKET_RECHECK_SECONDS * 1000);
    interval.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(interval);
    for (const connection of connections) connection.socket.close(1001, 'server shutting down');
  });
  app.addHook('onClose', async () => hub.close());
}

interface EventsOptions {
  hub: EventHub;
  sessions: SocketSessions;
}

/** Sessions last seen before this have gone idle. */
const idleSince = (app: FastifyInstance) => new Date(Date.now() - app.config.SESSION_IDLE_MINUTES * 60_000);

/**
 * A socket's first message: its session's socket token (and the API key or user id it claims) subscribe it to its
 * user's events; anything else closes it.
 */
async function authenticateSocket(
  app: FastifyInstance,
  { hub, sessions }: EventsOptions,
  socket: WebSocket,
  raw: string,
): Promise<Connection | null> {
  let parsed: z.infer<typeof authMessageSchema>;
  try {
    parsed = authMessageSchema.parse(JSON.parse(raw));
  } catch {
    socket.close(closeBadMessage, 'expected an auth message');
    return null;
  }
  const user = await sessions.findSocketUser(app.db, parsed.data.token, idleSince(app));
  const claimed = parsed.data.userId;
  if (!user || (claimed && claimed !== user.apiKey && claimed !== user.userId)) {
    send(socket, 'auth.failed');
    socket.close(closeUnauthenticated, 'not authenticated');
    return null;
  }
  const deliver = (event: { type: string; message: string }) => send(socket, event.type, event.message);
  const subscriptions = [hub.subscribe(user.userId, deliver)];
  // Admins also hear of every order (their lists show all of them, SPEC §2.12).
  if (user.type === 'admin') subscriptions.push(hub.subscribe(adminsAudience, deliver));
  const unsubscribe = () => {
    for (const stop of subscriptions) stop();
  };
  send(socket, 'auth.ok');
  return { socket, token: parsed.data.token, userId: user.userId, unsubscribe };
}

/** One socket's life: closed unless it authenticates in time, among the connections while it is open. */
function serveSocket(
  app: FastifyInstance,
  socket: WebSocket,
  authenticate: (socket: WebSocket, raw: string) => Promise<Connection | null>,
  connections: Set<Connection>,
) {
  let connection: Connection | null = null;
  let authenticating = false;
  const timer = setTimeout(() => {
    if (!connection) socket.close(closeUnauthenticated, 'no auth message');
  }, authTimeoutMs);
  socket.on('message', (data) => {
    if (connection || authenticating) return;
    authenticating = true;
    authenticate(socket, data.toString())
      .then((authenticated) => {
        connection = authenticated;
        if (!connection) return;
        if (socket.readyState !== socket.OPEN) connection.unsubscribe();
        else connections.add(connection);
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'socket authentication failed');
        socket.close(1011, 'server error');
      });
  });
  socket.on('close', () => {
    clearTimeout(timer);
    if (!connection) return;
    connection.unsubscribe();
    connections.delete(connection);
  });
}

/** Closes the connections whose sessions are no longer live. */
async function closeEndedSessions(app: FastifyInstance, sessions: SocketSessions, which: Connection[]) {
  if (which.length === 0) return;
  const live = await sessions.liveSocketTokens(
    app.db,
    [...new Set(which.map((connection) => connection.token))],
    idleSince(app),
  );
  for (const connection of which) {
    if (!live.has(connection.token)) connection.socket.close(closeUnauthenticated, 'session ended');
  }
}
