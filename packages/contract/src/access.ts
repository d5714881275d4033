/**
 * The one permission table of Paydesk: SPEC §6 (who may do what) and §2.2 (the side menu) in a single place.
 * The server guards every route by it, the web builds its side menu and guards its routes from it.
 */

export const userTypes = ['admin', 'merchant', 'partner', 'agent', 'trader'] as const;
export type UserType = (typeof userTypes)[number];

/** Extra roles an admin may hold. `support` is a restricted admin (SPEC §2.2 denied column). */
export const adminRoles = ['support'] as const;
export type AdminRole = (typeof adminRoles)[number];

export interface Capability {
  /** User types served. */
  readonly types: readonly UserType[];
  /** Admin roles refused even though the type is served (SPEC §2.2 "Denied"). */
  readonly deniedRoles?: readonly AdminRole[];
  /** A trader whose insurance is unpaid is refused (SPEC §2.2, §4 trader insurance gate). */
  readonly insuranceGate?: boolean;
  /** Only the root admin, a property of the account (DESIGN §3), never of a username. */
  readonly rootOnly?: boolean;
}

const balanceRoles = ['partner', 'agent', 'trader', 'merchant'] as const;
const executors = ['trader', 'partner'] as const;

/**
 * One entry per action, named `<area>.<action>`. Where a screen holds actions of different weight, each action has
 * its own capability: a support admin reads the payments screen (`payments.read`) but moves no money
 * (`payments.moderate`, `deposits.credit`).
 */
export const capabilities = {
  /** Everyone who is signed in: own session, own profile, settings. */
  session: { types: userTypes },
  'users.manage': { types: ['admin'], deniedRoles: ['support'] },
  'partners.read': { types: ['admin'] },
  /** Create and edit partner payment systems. */
  'partners.manage': { types: ['admin'], deniedRoles: ['support'] },
  'agent.traders': { types: ['agent'] },
  'orders.read': { types: ['admin', ...executors, 'merchant'], insuranceGate: true },
  /** GET /order: every order (support too, reading). */
  'orders.all': { types: ['admin'] },
  /** The role paths of SPEC §6: each sees only its own orders. */
  'orders.merchant': { types: ['merchant'] },
  'orders.trader': { types: ['trader'], insuranceGate: true },
  'orders.partner': { types: ['partner'] },
  /** The executor's actions on the screens: send paid on a pay-in, take and confirm a pay-out. */
  'orders.execute': { types: [...executors], insuranceGate: true },
  /** Cancel an order, resend its webhook: money or merchants are touched, so no support admin. */
  'orders.manage': { types: ['admin'], deniedRoles: ['support'] },
  /**
   * Open a dispute on the screens and reject or resolve one (SPEC §6 "change appeal status, create dispute"): money
   * moves, so no support admin. The lists of disputes follow the role paths of the orders' lists.
   */
  'disputes.manage': { types: ['admin'], deniedRoles: ['support'] },
  /** The merchant API (DESIGN §9), signed with the merchant's API key. */
  'api.merchant': { types: ['merchant'] },
  /** The executor API, signed with a trader's or partner's API key. */
  'api.executor': { types: [...executors], insuranceGate: true },
  'payments.read': { types: ['admin'] },
  /** Accept, reject or report sent a withdrawal: money moves. */
  'payments.moderate': { types: ['admin'], deniedRoles: ['support'] },
  /** Credit an on-chain deposit by hand. */
  'deposits.credit': { types: ['admin'], deniedRoles: ['support'] },
  'statistics.read': { types: ['admin'] },
  'wallets.read': { types: ['admin'], deniedRoles: ['support'] },
  /** The merchant withdrawal of SPEC §2.10: the root admin's alone. */
  'wallets.merchantWithdrawal': { types: ['admin'], deniedRoles: ['support'], rootOnly: true },
  'antiFraud.read': { types: ['admin'] },
  /** Change the rules' settings and release a case (SPEC §2.16): no support admin. */
  'antiFraud.manage': { types: ['admin'], deniedRoles: ['support'] },
  'requisites.read': { types: ['admin'] },
  /** One requisite and its restrictions, read: an admin any (support too, read only), a trader its own. */
  'requisites.view': { types: ['admin', 'trader'], insuranceGate: true },
  /**
   * Add and change requisites and their restrictions: an admin any (a support admin none), a trader its own; the
   * service refuses a trader another's requisite as not found.
   */
  'requisites.write': { types: ['admin', 'trader'], deniedRoles: ['support'], insuranceGate: true },
  'devices.read': { types: ['admin'] },
  /** Pause, play and approve a device, and open or close it to deposits and withdrawals (SPEC §2.17). */
  'devices.manage': { types: ['admin'], deniedRoles: ['support'] },
  'flows.manage': { types: ['admin'], deniedRoles: ['support'] },
  'balance.read': { types: balanceRoles, insuranceGate: true },
  /** The Pay in button of SPEC §2.6: every balance role but agent (DESIGN §6). */
  'balance.payIn': { types: ['partner', 'trader', 'merchant'], insuranceGate: true },
  /** The Pay out button of SPEC §2.6 and the withdrawal it sends: every balance role but trader (DESIGN §6). */
  'balance.payOut': { types: ['partner', 'agent', 'merchant'] },
  'statistic.read': { types: balanceRoles, insuranceGate: true },
  /** A trader's own requisites and terminals (SPEC §6). */
  'requisites.own': { types: ['trader'], insuranceGate: true },
  'terminals.read': { types: ['trader', 'admin'], insuranceGate: true },
  /** Add a terminal: a trader, on its own requisites (SPEC §2.18). */
  'terminals.create': { types: ['trader'], insuranceGate: true },
  /**
   * Edit, delete and re-pair a terminal, read its bank messages: a trader its own, an admin any (a support admin
   * only reads them); the service refuses a trader another's terminal as not found.
   */
  'terminals.write': { types: ['trader', 'admin'], deniedRoles: ['support'], insuranceGate: true },
  /**
   * A trader's own weakly authenticated bank messages that matched its pay-ins, and its confirmation that settles one
   * (DESIGN §19): money moves, so the order's trader only.
   */
  'terminals.confirm': { types: ['trader'], insuranceGate: true },
  /** The /api screen: the merchant and executor API's reference, for whoever signs requests to it (DESIGN §9). */
  'merchantApi.read': { types: ['merchant', ...executors] },
  /** API key and secret (SPEC §6): not for a trader behind the insurance gate, whose API could take orders. */
  'apiKeys.manage': { types: ['merchant', 'trader'], insuranceGate: true },
  /** Demo mode's simulated deposit to oneself: every user with a balance, never a support admin (it moves money). */
  'wallet.demoDeposit': { types: userTypes, deniedRoles: ['support'] },
  /** A trader's own fee table on the settings screen (SPEC §2.11). */
  'fees.own': { types: ['trader'] },
  /** Notification key, URL and webhooks (SPEC §6). */
  'notifications.manage': { types: ['merchant'] },
  /** What the merchant's payers see on its payer's page, where the page may return to and who may frame it (§20). */
  'payerPage.manage': { types: ['merchant'] },
  /**
   * A pay-in's payer's page link in its details (§20): the order's merchant and admins, never its executor. The link is
   * the payer's key (whoever holds it may say "I have paid" or appeal), so a support admin, who moves nothing, does not
   * get it.
   */
  'orders.payerPage': { types: ['admin', 'merchant'], deniedRoles: ['support'] },
  'directions.read': { types: ['admin'] },
  'deals.read': { types: ['admin'] },
  'systemBalance.read': { types: ['admin'] },
  /** Recomputing every balance from the ledger's entries (issue "Money"). */
  'ledger.reconcile': { types: ['admin'], deniedRoles: ['support'] },
} as const satisfies Record<string, Capability>;

export type CapabilityName = keyof typeof capabilities;

/** What the permission checks need to know about a user. */
export interface AccessSubject {
  readonly type: UserType;
  readonly roles: readonly string[];
  readonly insurancePaid: boolean;
  /** The root admin (SPEC §2.10, §6): a flag of the account, set once when the platform's first admin is made. */
  readonly isRoot: boolean;
}

export function can(subject: AccessSubject, name: CapabilityName): boolean {
  const capability: Capability = capabilities[name];
  if (!capability.types.includes(subject.type)) return false;
  if (subject.type === 'admin' && capability.deniedRoles?.some((role) => subject.roles.includes(role))) return false;
  if (subject.type === 'trader' && capability.insuranceGate && !subject.insurancePaid) return false;
  if (capability.rootOnly && !(subject.type === 'admin' && subject.isRoot)) return false;
  return true;
}

export type ScreenStatus = 'ready' | 'later';

export interface Screen {
  readonly path: string;
  readonly capability: CapabilityName | 'public';
  /** i18n key of the side-menu label; screens without one are not in the menu. */
  readonly menuLabel?: string;
  /** i18n key of the screen's title where it says more than its menu label (the document title, the heading). */
  readonly titleKey?: string;
  /** Narrower capability for the menu entry than for the route (the terminal screen serves admins too, §2.18). */
  readonly menuCapability?: CapabilityName;
  /** `later` screens belong to a later issue and show a "not available yet" page. */
  readonly status: ScreenStatus;
}

/**
 * Every history-mode route of SPEC §2.1, in side-menu order (§2.2) first, then the routes with no menu entry. The
 * admin's menu also lists /deals and /directions, which SPEC §2.2 leaves out: every screen has a way in (issue 32).
 */
export const screens: readonly Screen[] = [
  {
    path: '/partners',
    capability: 'partners.read',
    menuLabel: 'menu.partners',
    titleKey: 'screen.partners',
    status: 'ready',
  },
  { path: '/users', capability: 'users.manage', menuLabel: 'menu.users', status: 'ready' },
  { path: '/agent/traders', capability: 'agent.traders', menuLabel: 'menu.agentTraders', status: 'ready' },
  { path: '/active', capability: 'orders.read', menuLabel: 'menu.active', status: 'ready' },
  { path: '/history', capability: 'orders.read', menuLabel: 'menu.history', status: 'ready' },
  { path: '/deals', capability: 'deals.read', menuLabel: 'menu.deals', titleKey: 'screen.deals', status: 'ready' },
  { path: '/pay', capability: 'payments.read', menuLabel: 'menu.paySystems', status: 'ready' },
  { path: '/statistics', capability: 'statistics.read', menuLabel: 'menu.statistics', status: 'ready' },
  { path: '/wallets', capability: 'wallets.read', menuLabel: 'menu.wallets', status: 'ready' },
  { path: '/antifraud', capability: 'antiFraud.read', menuLabel: 'menu.antiFraud', status: 'ready' },
  { path: '/requisites', capability: 'requisites.read', menuLabel: 'menu.requisites', status: 'ready' },
  { path: '/devices', capability: 'devices.read', menuLabel: 'menu.devices', status: 'ready' },
  { path: '/potoc', capability: 'flows.manage', menuLabel: 'menu.potoc', status: 'ready' },
  {
    path: '/directions',
    capability: 'directions.read',
    menuLabel: 'menu.directions',
    titleKey: 'screen.directions',
    status: 'ready',
  },
  { path: '/balance', capability: 'balance.read', menuLabel: 'menu.balance', status: 'ready' },
  { path: '/statistic', capability: 'statistic.read', menuLabel: 'menu.statistic', status: 'ready' },
  { path: '/requisite', capability: 'requisites.own', menuLabel: 'menu.requisite', status: 'ready' },
  {
    path: '/terminal',
    capability: 'terminals.read',
    menuCapability: 'requisites.own',
    menuLabel: 'menu.terminal',
    status: 'ready',
  },
  { path: '/settings', capability: 'session', menuLabel: 'menu.settings', status: 'ready' },
  { path: '/admins', capability: 'users.manage', status: 'ready' },
  { path: '/merchants', capability: 'users.manage', status: 'ready' },
  { path: '/agents', capability: 'users.manage', status: 'ready' },
  { path: '/traders', capability: 'users.manage', status: 'ready' },
  { path: '/api', capability: 'merchantApi.read', status: 'ready' },
  { path: '/login', capability: 'public', status: 'ready' },
  { path: '/invite_code', capability: 'public', status: 'ready' },
];

export function canSeeScreen(subject: AccessSubject | null, screen: Screen): boolean {
  if (screen.capability === 'public') return true;
  return subject !== null && can(subject, screen.capability);
}

/**
 * The side menu of SPEC §2.2 for a user: entries whose capability the user holds. A trader whose insurance is
 * unpaid gets no side menu at all.
 */
export function menuFor(subject: AccessSubject): Screen[] {
  if (subject.type === 'trader' && !subject.insurancePaid) return [];
  return screens.filter(
    (screen) =>
      screen.menuLabel !== undefined &&
      canSeeScreen(subject, screen) &&
      (screen.menuCapability === undefined || can(subject, screen.menuCapability)),
  );
}

/**
 * i18n key (the web app's namespace `app`) of a screen's title: its own, else its menu label, else `screen.<path>`.
 * The document title and the page's heading show it, and so does the first HTML the server sends for the screen (its
 * page shell).
 */
export function screenTitleKey(screen: Screen): string {
  return screen.titleKey ?? screen.menuLabel ?? `screen.${screen.path.slice(1).replaceAll('/', '_')}`;
}
