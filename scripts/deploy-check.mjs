// Checks a deployed Paydesk from the outside, as its users reach it: readiness, an admin's sign-in, a merchant made
// from scratch (its flow, a deposit credited by the admin, its API key) whose signed API pay-out is created and read
// back. With --tls (Paydesk behind the TLS proxy of deploy/nginx/paydesk.conf) also: HTTP/2, HSTS, every cookie
// Secure, the order's event over the websocket, a terminal's forwarding link and a pay-in's payer link on https://,
// and that a client cannot choose the address the server sees by sending X-Forwarded-For (--database: the session's
// address is read there).
//
//   node scripts/deploy-check.mjs --origin http://127.0.0.1:8080 --password <root's one-time password>
//   node scripts/deploy-check.mjs --origin https://localhost:8443 --password … --tls \
//     --client-address 127.0.0.2 --database postgres://…
//
// The server must run on a database with only its first admin (`cli.js create-admin root`) and with DEPOSIT_XPUB set
// (deposit addresses). A self-signed certificate is trusted through NODE_EXTRA_CA_CERTS. Used by scripts/ci-container.sh
// and scripts/ci-nginx.sh.
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';

const { values: options } = parseArgs({
  options: {
    origin: { type: 'string' },
    username: { type: 'string', default: 'root' },
    password: { type: 'string' },
    tls: { type: 'boolean', default: false },
    'client-address': { type: 'string' },
    database: { type: 'string' },
  },
});
const fail = (message) => {
  process.stderr.write(`deploy-check: FAILED: ${message}\n`);
  process.exit(1);
};
if (!options.origin || !options.password) fail('give --origin and --password (see the comment at the top)');
const origin = new URL(options.origin).origin;
const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const passed = (what) => process.stdout.write(`ok - ${what}\n`);

/** One HTTP request (node's own client: it can bind the client's address); the body parsed when it is JSON. */
function request(method, path, { headers = {}, body, localAddress } = {}) {
  const url = new URL(path, origin);
  const client = url.protocol === 'https:' ? https : http;
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        localAddress,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A signed-in browser: its cookies, its CSRF token sent back on every write. */
class Session {
  cookies = new Map();
  setCookieLines = [];
  constructor(localAddress) {
    this.localAddress = localAddress;
  }
  keep(response) {
    for (const line of response.headers['set-cookie'] ?? []) {
      this.setCookieLines.push(line);
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      this.cookies.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
    }
    return response;
  }
  async call(method, path, body, headers = {}) {
    const xsrf = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return this.keep(
      await request(method, path, {
        body,
        localAddress: this.localAddress,
        headers: { ...(cookie ? { cookie } : {}), ...(xsrf ? { 'x-xsrf-token': xsrf } : {}), ...headers },
      }),
    );
  }
  async ok(method, path, body) {
    const response = await this.call(method, path, body);
    if (response.status >= 300) fail(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 500)}`);
    return response.json?.data;
  }
  async signIn(username, password, headers = {}) {
    await this.call('GET', '/api/inner/csrf-cookie');
    const login = await this.call('POST', '/api/inner/login', { username, password }, headers);
    if (login.status !== 200) fail(`signing in as ${username} answered ${login.status}: ${login.text.slice(0, 300)}`);
    return this;
  }
}

const signedHeaders = (key, secret, method, path, body = '') => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${method}.${path}.${body}`).digest('hex');
  return { 'x-api-key': key, 'x-timestamp': timestamp, 'x-signature': signature };
};

// 1. Ready, and the version this repository is.
const ready = await request('GET', '/readyz');
if (ready.status !== 200 || ready.json?.status !== 'ready' || ready.json?.version !== version) {
  fail(`/readyz answered ${ready.status} ${ready.text}; expected ready and version ${version}`);
}
passed(`/readyz: ${ready.text}`);

if (options.tls) {
  const sts = ready.headers['strict-transport-security'] ?? '';
  const maxAge = Number(/max-age=(\d+)/.exec(sts)?.[1] ?? 0);
  if (maxAge < 31_536_000) fail(`Strict-Transport-Security is "${sts}", not at least a year`);
  passed(`HSTS: ${sts}`);
  const curl = spawnSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_version}', '--http2', `${origin}/readyz`], {
    encoding: 'utf8',
    env: { ...process.env, CURL_CA_BUNDLE: process.env.NODE_EXTRA_CA_CERTS ?? '' },
  });
  if (curl.stdout !== '2') fail(`curl --http2 spoke HTTP/${curl.stdout} (${curl.stderr.trim()}), not HTTP/2`);
  passed('HTTP/2 (ALPN h2)');
  const plain = new URL(origin);
  const upgrade = await new Promise((resolve) => {
    const req = http.request({ host: plain.hostname, port: plain.port, path: '/', method: 'GET' }, (res) => {
      res.resume();
      resolve(`${res.statusCode}`);
    });
    req.on('error', (error) => resolve(`refused (${error.code})`));
    req.end();
  });
  if (upgrade !== '400' && !upgrade.startsWith('refused')) fail(`plain http on the https port answered ${upgrade}`);
  passed(`plain http on the https port is not served (${upgrade})`);
}

// 2. The admin signs in.
const admin = await new Session().signIn(options.username, options.password);
const current = await admin.ok('GET', '/api/inner/user/current');
if (current?.data?.username !== options.username) {
  fail(`/user/current is not ${options.username}: ${JSON.stringify(current).slice(0, 300)}`);
}
passed(`${options.username} signed in`);
if (options.tls) {
  const lines = admin.setCookieLines;
  const session = lines.find((line) => line.startsWith('paydesk_session='));
  if (!session) fail(`no session cookie was set: ${lines.join(' | ')}`);
  const insecure = lines.filter((line) => !/;\s*secure(;|$)/i.test(line));
  if (insecure.length > 0) fail(`cookies without Secure over https: ${insecure.join(' | ')}`);
  passed(`every cookie is Secure (${lines.map((line) => line.split('=')[0]).join(', ')})`);
}

// 3. A merchant from scratch: its user, an active RUB/USDT flow at a manual rate, 1,000 USDT credited to its deposit
// address by the admin, and its API key.
const tag = randomBytes(4).toString('hex');
const merchantName = `shop-${tag}`;
const merchantPassword = randomBytes(12).toString('hex');
const merchantUser = await admin.ok('POST', '/api/inner/user', {
  type: 'merchant',
  username: merchantName,
  password: merchantPassword,
  // A 5 % pay-in fee, from which the trader's 2.5 % reward is paid (a pay-in is refused when rewards exceed the fee).
  profile: { fees: [{ direction: 'pay_in', min_amount: '0', max_amount: null, percentage: '5' }] },
});
const merchantId = merchantUser.uuid ?? merchantUser.id;
const flow = await admin.ok('POST', '/api/inner/flow/', {
  name: `Shop ${tag} RUB`,
  merchant_uuid: merchantId,
  fiat_currency: 'RUB',
  crypto_currency: 'USDT',
  is_active: true,
  currency_rate_source: 'manual',
  currency_rate: '90',
});
const merchant = await new Session().signIn(merchantName, merchantPassword);
const wallets = await merchant.ok('GET', '/api/inner/user/wallet/');
const address = wallets.items.find((wallet) => wallet.type.slug === 'real')?.name;
if (!address) fail(`the merchant has no deposit address (is DEPOSIT_XPUB set?): ${JSON.stringify(wallets)}`);
await admin.ok('POST', '/api/inner/wallet/deposits', {
  tx_hash: randomBytes(32).toString('hex'),
  address,
  amount: '1000',
});
const { api_key: apiKey, secret_key: secret } = await merchant.ok('POST', '/api/inner/user/secret_key');
passed(`merchant ${merchantName}: flow, 1000 USDT deposited to ${address}, API key ${apiKey.slice(0, 6)}…`);

// 4. With TLS: the merchant's websocket through the proxy, authenticated before the order is made.
let socketEvent = null;
if (options.tls) {
  const wsToken = (await merchant.ok('GET', '/api/inner/user/current')).data.ws_token;
  if (!wsToken) fail('/user/current has no ws_token');
  const socket = new WebSocket(`${origin.replace(/^https:/, 'wss:')}/ws/`);
  const events = [];
  let notify = () => {};
  socket.on('message', (data) => {
    events.push(JSON.parse(data.toString()));
    notify();
  });
  const next = (predicate, what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} on the websocket within 30 s`)), 30_000);
      const look = () => {
        const found = events.find(predicate);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      notify = look;
      look();
      socket.once('close', (code) => reject(new Error(`the websocket closed (${code}) before ${what}`)));
    });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', client: 'platform', data: { userId: apiKey, token: wsToken } }));
  await next((event) => event.type === 'auth.ok', 'auth.ok').catch((error) => fail(error.message));
  passed('websocket over wss:// through the proxy: auth.ok');
  socketEvent = { socket, next };
}

// 5. The signed API pay-out, created and read back.
const clientOrderId = `deploy-${tag}`;
const body = JSON.stringify({
  type: 'pay_out',
  amount: '4500',
  currency: 'RUB',
  client_order_id: clientOrderId,
  payment_option: 'card',
  recipient: { card_number: '4111111111111111', holder: 'IVAN PETROV' },
});
const created = await request('POST', '/api/v1/orders', {
  body,
  headers: { ...signedHeaders(apiKey, secret, 'POST', '/api/v1/orders', body), 'idempotency-key': clientOrderId },
});
if (created.status !== 201 && created.status !== 200) {
  fail(`the signed POST /api/v1/orders answered ${created.status}: ${created.text.slice(0, 500)}`);
}
const order = created.json.data;
const readPath = `/api/v1/orders/${order.guid}`;
const read = await request('GET', readPath, { headers: signedHeaders(apiKey, secret, 'GET', readPath) });
if (read.status !== 200 || read.json?.data?.client_order_id !== clientOrderId) {
  fail(`the signed GET ${readPath} answered ${read.status}: ${read.text.slice(0, 300)}`);
}
const unsigned = await request('GET', readPath, {
  headers: { ...signedHeaders(apiKey, secret, 'GET', readPath), 'x-signature': '0'.repeat(64) },
});
if (unsigned.status !== 401) fail(`a wrong signature answered ${unsigned.status}, not 401`);
passed(`signed API pay-out ${order.guid} (${order.status}) created, read back; a wrong signature is refused`);

if (socketEvent) {
  const event = await socketEvent
    .next((event) => event.type === 'order.created' && event.message.includes(order.guid), 'order.created')
    .catch((error) => fail(error.message));
  passed(`the websocket received ${event.type} ${event.message}`);
  socketEvent.socket.close();
}

if (options.tls) {
  // 6. A trader's terminal and its forwarding link: the URL the phone posts to starts with the public https origin.
  const traderName = `trader-${tag}`;
  const traderPassword = randomBytes(12).toString('hex');
  const trader = await admin.ok('POST', '/api/inner/user', {
    type: 'trader',
    username: traderName,
    password: traderPassword,
    // Ready to take pay-ins: no insurance owed, deposits open, a fee tier of 2.5 %.
    profile: {
      insurance_payment_amount: '0',
      deposit_open: true,
      fees: [{ direction: 'pay_in', min_amount: '0', max_amount: null, percentage: '2.5' }],
    },
  });
  const requisite = await admin.ok('POST', '/api/inner/requisite', {
    name: `Card ${tag}`,
    currency: 'RUB',
    payment_option: 'card',
    payment_type: 'sberbank',
    attributes: { card_number: '2202206767676767', holder: 'OLGA IVANOVA' },
    is_active: true,
    user_uuid: trader.uuid ?? trader.id,
  });
  const traderSession = await new Session().signIn(traderName, traderPassword);
  const terminal = await traderSession.ok('POST', '/api/inner/terminal', {
    name: `Phone ${tag}`,
    requisites: [requisite.id],
  });
  const guid = terminal.terminal?.guid ?? terminal.guid;
  const forwarding = await traderSession.ok('POST', `/api/inner/terminal/${guid}/forwarding`);
  if (forwarding.url_refused !== null || !forwarding.url.startsWith(`${origin}/api/device/v1/forward/`)) {
    fail(`the forwarding link is "${forwarding.url}" (${forwarding.url_refused}), not on ${origin}`);
  }
  passed(`the forwarding link is ${forwarding.url.replace(/forward\/.*/, 'forward/…')}`);

  // 6b. A signed pay-in that the trader's card takes: its payer's page link starts with the public https origin.
  const traderWallets = await traderSession.ok('GET', '/api/inner/user/wallet/');
  const traderAddress = traderWallets.items.find((wallet) => wallet.type.slug === 'real')?.name;
  if (!traderAddress) fail(`the trader has no deposit address: ${JSON.stringify(traderWallets)}`);
  await admin.ok('POST', '/api/inner/wallet/deposits', {
    tx_hash: randomBytes(32).toString('hex'),
    address: traderAddress,
    amount: '1000',
  });
  await admin.ok('POST', `/api/inner/flow/${flow.uuid ?? flow.id}/executor`, {
    executor_type: 'trader',
    executor_id: trader.uuid ?? trader.id,
  });
  const payInId = `deploy-in-${tag}`;
  const payInBody = JSON.stringify({ type: 'pay_in', amount: '5000', currency: 'RUB', client_order_id: payInId });
  const payIn = await request('POST', '/api/v1/orders', {
    body: payInBody,
    headers: { ...signedHeaders(apiKey, secret, 'POST', '/api/v1/orders', payInBody), 'idempotency-key': payInId },
  });
  const paymentUrl = payIn.json?.data?.payment_url;
  if (payIn.status !== 201 || typeof paymentUrl !== 'string' || !paymentUrl.startsWith(`${origin}/pay/`)) {
    fail(`the signed pay-in answered ${payIn.status} with payment_url ${paymentUrl}: ${payIn.text.slice(0, 400)}`);
  }
  passed(`the payer's page link is ${paymentUrl.replace(/pay\/.*/, 'pay/…')}`);

  // 7. A client's X-Forwarded-For does not choose its address: a sign-in from --client-address that claims to come
  // from 203.0.113.7 is recorded (the session's address) as --client-address.
  if (options['client-address'] && options.database) {
    const spoofed = '203.0.113.7';
    await new Session(options['client-address']).signIn(traderName, traderPassword, {
      'x-forwarded-for': spoofed,
      'x-real-ip': spoofed,
      forwarded: `for=${spoofed}`,
    });
    const db = new pg.Client({ connectionString: options.database });
    await db.connect();
    const { rows } = await db.query(
      'select s.ip from sessions s join users u on u.id = s.user_id where u.username = $1 order by s.created_at desc limit 1',
      [traderName],
    );
    await db.end();
    const seen = rows[0]?.ip;
    if (seen !== options['client-address']) {
      fail(`a sign-in from ${options['client-address']} claiming ${spoofed} was recorded from ${seen}`);
    }
    passed(`X-Forwarded-For: ${spoofed} from ${options['client-address']} is recorded as ${seen}`);
  }
}

process.stdout.write(`deploy-check: all checks passed on ${origin}\n`);
process.exit(0);
