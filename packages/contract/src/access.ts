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
}

const balanceRoles = ['partner', 'agent', 'trader', 'merchant'] as const;

export const capabilities = {
  /** Everyone who is signed in: own session, own profile, settings. */
  session: { types: userTypes },
  manageUsers: { types: ['admin'], deniedRoles: ['support'] },
  partners: { types: ['admin'] },
  agentTraders: { types: ['agent'] },
  orders: { types: ['admin', 'merchant', 'partner', 'trader'], insuranceGate: true },
  payments: { types: ['admin'] },
  statistics: { types: ['admin'] },
  wallets: { types: ['admin'], deniedRoles: ['support'] },
  antiFraud: { types: ['admin'] },
  requisitesAdmin: { types: ['admin'] },
  devices: { types: ['admin'] },
  flows: { types: ['admin'], deniedRoles: ['support'] },
  balance: { types: balanceRoles, insuranceGate: true },
  /** The Pay in button of SPEC §2.6: every balance role but agent (DESIGN §6). */
  payIn: { types: ['partner', 'trader', 'merchant'], insuranceGate: true },
  /** The Pay out button of SPEC §2.6 and the withdrawal it sends: every balance role but trader (DESIGN §6). */
  payOut: { types: ['partner', 'agent', 'merchant'] },
  statistic: { types: balanceRoles, insuranceGate: true },
  requisites: { types: ['trader'], insuranceGate: true },
  terminals: { types: ['trader', 'admin'], insuranceGate: true },
  merchantApi: { types: ['merchant'] },
  /** API key and secret (SPEC §6). */
  apiKeys: { types: ['merchant', 'trader'] },
  /** A trader's own fee table on the settings screen (SPEC §2.11). */
  ownFees: { types: ['trader'] },
  /** Notification key, URL and webhooks (SPEC §6). */
  merchantNotifications: { types: ['merchant'] },
  directions: { types: ['admin'] },
  deals: { types: ['admin'] },
  systemBalance: { types: ['admin'] },
  /** Recomputing every balance from the ledger's entries (issue "Money"). */
  ledger: { types: ['admin'], deniedRoles: ['support'] },
} as const satisfies Record<string, Capability>;

export type CapabilityName = keyof typeof capabilities;

/** What the permission checks need to know about a user. */
export interface AccessSubject {
  readonly type: UserType;
  readonly roles: readonly string[];
  readonly insurancePaid: boolean;
}

export function can(subject: AccessSubject, name: CapabilityName): boolean {
  const capability: Capability = capabilities[name];
  if (!capability.types.includes(subject.type)) return false;
  if (subject.type === 'admin' && capability.deniedRoles?.some((role) => subject.roles.includes(role))) return false;
  if (subject.type === 'trader' && capability.insuranceGate && !subject.insurancePaid) return false;
  return true;
}

/** The admin whose username is root: the merchant-withdrawal button and the system wallets (SPEC §2.10, §6). */
export const rootUsername = 'root';

export type ScreenStatus = 'ready' | 'later';

export interface Screen {
  readonly path: string;
  readonly capability: CapabilityName | 'public';
  /** i18n key of the side-menu label; screens without one are not in the menu. */
  readonly menuLabel?: string;
  /** Narrower capability for the menu entry than for the route (the terminal screen serves admins too, §2.18). */
  readonly menuCapability?: CapabilityName;
  /** `later` screens belong to a later issue and show a "not available yet" page. */
  readonly status: ScreenStatus;
}

/**
 * Every history-mode route of SPEC §2.1, in side-menu order (§2.2) first, then the routes with no menu entry.
 */
export const screens: readonly Screen[] = [
  { path: '/partners', capability: 'partners', menuLabel: 'menu.partners', status: 'later' },
  { path: '/users', capability: 'manageUsers', menuLabel: 'menu.users', status: 'ready' },
  { path: '/agent/traders', capability: 'agentTraders', menuLabel: 'menu.agentTraders', status: 'ready' },
  { path: '/active', capability: 'orders', menuLabel: 'menu.active', status: 'later' },
  { path: '/history', capability: 'orders', menuLabel: 'menu.history', status: 'later' },
  { path: '/pay', capability: 'payments', menuLabel: 'menu.paySystems', status: 'ready' },
  { path: '/statistics', capability: 'statistics', menuLabel: 'menu.statistics', status: 'later' },
  { path: '/wallets', capability: 'wallets', menuLabel: 'menu.wallets', status: 'ready' },
  { path: '/antifraud', capability: 'antiFraud', menuLabel: 'menu.antiFraud', status: 'later' },
  { path: '/requisites', capability: 'requisitesAdmin', menuLabel: 'menu.requisites', status: 'later' },
  { path: '/devices', capability: 'devices', menuLabel: 'menu.devices', status: 'later' },
  { path: '/potoc', capability: 'flows', menuLabel: 'menu.potoc', status: 'later' },
  { path: '/balance', capability: 'balance', menuLabel: 'menu.balance', status: 'ready' },
  { path: '/statistic', capability: 'statistic', menuLabel: 'menu.statistic', status: 'later' },
  { path: '/requisite', capability: 'requisites', menuLabel: 'menu.requisite', status: 'later' },
  {
    path: '/terminal',
    capability: 'terminals',
    menuCapability: 'requisites',
    menuLabel: 'menu.terminal',
    status: 'later',
  },
  { path: '/settings', capability: 'session', menuLabel: 'menu.settings', status: 'ready' },
  { path: '/admins', capability: 'manageUsers', status: 'ready' },
  { path: '/merchants', capability: 'manageUsers', status: 'ready' },
  { path: '/agents', capability: 'manageUsers', status: 'ready' },
  { path: '/traders', capability: 'manageUsers', status: 'ready' },
  { path: '/api', capability: 'merchantApi', status: 'later' },
  { path: '/directions', capability: 'directions', status: 'later' },
  { path: '/deals', capability: 'deals', status: 'later' },
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
