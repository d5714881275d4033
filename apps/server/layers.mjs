/**
 * The server's layer map (DESIGN §17): every module under src/modules, in the layer it belongs to, highest first.
 * `npm run lint:boundaries` (scripts/check-boundaries.mjs) generates its rules from this list: a module missing from
 * it fails the check, and a module may import only modules of its own layer or of the layers below (never above), by
 * their public file `<folder>/<folder>.module.ts`, without a cycle. A new module goes into the layer of what it is;
 * a module that needs one above it is a sign the code is in the wrong place (announce an event instead).
 */
export const layers = [
  {
    name: 'edges',
    why: 'what the platform offers around its orders: the APIs, terminals, disputes, anti-fraud, webhooks, statistics',
    // No edge imports another: app.ts hands one edge's step to another at registration (the disputes' opening).
    apart: true,
    modules: [
      'account',
      'anti-fraud',
      'api',
      'disputes',
      'health',
      'openapi',
      'payer-page',
      'payments',
      'statistics',
      'terminals',
      'webhooks',
    ],
  },
  { name: 'orders', why: 'the order engine: matching, pricing, settlement, the lifecycle', modules: ['orders'] },
  {
    name: 'beside orders',
    why: "what orders are made of and who may act: flows, requisites, partner systems, a pay-in's page link, sessions, wallets",
    modules: ['auth', 'flows', 'partners', 'payer-links', 'requisites', 'wallets'],
  },
  { name: 'people', why: 'users, their roles and profiles', modules: ['users'] },
  {
    name: 'foundation',
    why: 'what every module may use: the ledger, the job runner, the audit log, reference data, live events',
    modules: ['audit', 'events', 'jobs', 'ledger', 'reference'],
  },
];

/**
 * The longest chain of module imports the check allows (it prints the one there is): five, as DESIGN §17 draws it —
 * an edge → orders → flows → users → ledger or audit. An edge never imports another edge (app.ts hands one's steps to
 * another at registration), and what several share with no owner lives in lib/ or http/.
 */
export const maxDepth = 5;
