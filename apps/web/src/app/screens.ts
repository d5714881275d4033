import { canSeeScreen, type Screen, screens } from '@paydesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { i18n } from '../lib/i18n';
import type { PagePrefetch } from '../lib/pagePrefetch';
import { accessSubjectOf, currentUserQuery } from '../lib/query';

interface PageEntry {
  load: () => Promise<ComponentType>;
  /** Translation namespaces the page uses, fetched together with its code instead of after it. */
  namespaces: readonly string[];
  /**
   * The page's first queries, a module of their own (smaller than the page's): startup runs them once the user is
   * known, so the data travels beside the page's code instead of after it.
   */
  prefetch?: () => Promise<PagePrefetch>;
}

/**
 * The page module of every `ready` screen of the contract. Each is a dynamic import, so each screen is its own
 * chunk and the first visit to /login loads only the sign-in form. A screen the contract marks `later` (or one
 * whose page does not exist yet) shows the "not available yet" page.
 */
export const pageLoaders: Readonly<Record<string, PageEntry>> = {
  '/login': {
    load: () => import('../features/auth/pages/LoginPage').then((module) => module.LoginPage),
    namespaces: ['auth'],
  },
  '/settings': {
    load: () => import('../features/settings/pages/SettingsPage').then((module) => module.SettingsPage),
    namespaces: ['settings', 'ui'],
  },
  '/users': {
    load: () => import('../features/users/pages/UsersPage').then((module) => module.UsersPage),
    namespaces: ['users', 'ui'],
  },
  '/merchants': {
    load: () => import('../features/users/pages/UserTypePages').then((module) => module.MerchantsPage),
    namespaces: ['users', 'ui'],
  },
  '/agents': {
    load: () => import('../features/users/pages/UserTypePages').then((module) => module.AgentsPage),
    namespaces: ['users', 'ui'],
  },
  '/traders': {
    load: () => import('../features/users/pages/UserTypePages').then((module) => module.TradersPage),
    namespaces: ['users', 'ui'],
  },
  '/admins': {
    load: () => import('../features/users/pages/UserTypePages').then((module) => module.AdminsPage),
    namespaces: ['users', 'ui'],
  },
  '/invite_code': {
    load: () => import('../features/invite/pages/InvitePage').then((module) => module.InvitePage),
    namespaces: ['invite', 'ui'],
  },
  '/balance': {
    load: () => import('../features/balance/pages/BalancePage').then((module) => module.BalancePage),
    namespaces: ['balance', 'ui'],
  },
  '/pay': {
    load: () => import('../features/payments/pages/PaymentsPage').then((module) => module.PaymentsPage),
    namespaces: ['payments', 'ui'],
  },
  '/wallets': {
    load: () => import('../features/wallets/pages/WalletsPage').then((module) => module.WalletsPage),
    namespaces: ['wallets', 'ui'],
  },
  '/antifraud': {
    load: () => import('../features/antifraud/pages/AntiFraudPage').then((module) => module.AntiFraudPage),
    namespaces: ['antifraud', 'ui'],
  },
  '/requisites': {
    load: () => import('../features/requisites/pages/RequisitesPage').then((module) => module.RequisitesPage),
    namespaces: ['requisites', 'ui'],
  },
  '/requisite': {
    load: () => import('../features/requisites/pages/RequisitesPage').then((module) => module.OwnRequisitesPage),
    namespaces: ['requisites', 'ui'],
  },
  '/active': {
    load: () => import('../features/orders/pages/OrdersPage').then((module) => module.ActiveOrdersPage),
    namespaces: ['orders', 'ui'],
    prefetch: () =>
      import('../features/orders/orderListRequest').then((module) => module.prefetchOrderScreen('active')),
  },
  '/history': {
    load: () => import('../features/orders/pages/OrdersPage').then((module) => module.OrderHistoryPage),
    namespaces: ['orders', 'ui'],
    prefetch: () =>
      import('../features/orders/orderListRequest').then((module) => module.prefetchOrderScreen('history')),
  },
  '/deals': {
    load: () => import('../features/orders/pages/DealsPage').then((module) => module.DealsPage),
    namespaces: ['orders', 'ui'],
  },
  '/partners': {
    load: () => import('../features/partners/pages/PartnersPage').then((module) => module.PartnersPage),
    namespaces: ['partners', 'ui'],
  },
  '/potoc': {
    load: () => import('../features/flows/pages/FlowsPage').then((module) => module.FlowsPage),
    namespaces: ['flows', 'ui'],
  },
  '/api': {
    load: () => import('../features/apiDocs/pages/ApiDocsPage').then((module) => module.ApiDocsPage),
    namespaces: ['apiDocs', 'ui'],
  },
  '/terminal': {
    load: () => import('../features/terminals/pages/TerminalsPage').then((module) => module.TerminalsPage),
    namespaces: ['terminals', 'ui'],
  },
  '/devices': {
    load: () => import('../features/terminals/pages/DevicesPage').then((module) => module.DevicesPage),
    namespaces: ['terminals', 'ui'],
  },
  '/statistics': {
    load: () => import('../features/statistics/pages/StatisticsPage').then((module) => module.StatisticsPage),
    namespaces: ['statistics', 'ui'],
  },
  '/statistic': {
    load: () => import('../features/statistics/pages/StatisticsPage').then((module) => module.MyStatisticPage),
    namespaces: ['statistics', 'ui'],
  },
  '/directions': {
    load: () => import('../features/directions/pages/DirectionsPage').then((module) => module.DirectionsPage),
    namespaces: ['directions', 'ui'],
  },
  '/agent/traders': {
    load: () => import('../features/agentTraders/pages/AgentTradersPage').then((module) => module.AgentTradersPage),
    namespaces: ['agentTraders', 'ui'],
  },
};

/** The screen the app started on: its index.html names its chunks already (see `preloadChunksOf`). */
const firstPath = typeof window === 'undefined' ? null : window.location.pathname;

/** Chunk lists are file names the build wrote; anything else in the file is ignored. */
const chunkFile = /^\/assets\/[\w.-]+\.js$/;
let chunkLists: Promise<Record<string, unknown>> | null = null;

/**
 * Starts fetching every chunk the screen at `path` imports, side by side, instead of each level of imports after the
 * one before it. The lists are the build's page-preloads.json (scripts/page-preloads.mjs), asked for once, on the
 * first move to another screen: the screen the app started on had its list in its index.html. Without the lists (a
 * failed request) the page still loads, its imports one level after another.
 */
export function preloadChunksOf(path: string): void {
  // Only a build has the file (a dev server and the tests do not).
  if (!import.meta.env.PROD || path === firstPath) return;
  chunkLists ??= fetch('/page-preloads.json')
    .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : {}))
    .catch(() => ({}));
  void chunkLists.then((lists) => {
    const files = lists[path];
    if (!Array.isArray(files)) return;
    const present = new Set(
      [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[src]')].map(
        (element) => new URL(element instanceof HTMLLinkElement ? element.href : element.src).pathname,
      ),
    );
    for (const file of files) {
      if (typeof file !== 'string' || !chunkFile.test(file) || present.has(file)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.append(link);
    }
  });
}

/** One load per page, shared by its lazy component and `preloadPage`; a failed load is forgotten so a retry can work. */
const pageLoads = new Map<string, Promise<{ default: ComponentType }>>();

function loadPage(path: string, page: PageEntry): Promise<{ default: ComponentType }> {
  let load = pageLoads.get(path);
  if (!load) {
    preloadChunksOf(path);
    load = Promise.all([page.load(), i18n.loadNamespaces([...page.namespaces])]).then(([Page]) => ({ default: Page }));
    load.catch(() => pageLoads.delete(path));
    pageLoads.set(path, load);
  }
  return load;
}

const pages = new Map<string, LazyExoticComponent<ComponentType>>(
  Object.entries(pageLoaders).map(([path, page]) => [path, lazy(() => loadPage(path, page))]),
);

/**
 * Starts loading the page of the screen at `pathname` (its chunk and its texts) without rendering it, so that at
 * startup it travels beside the current user's request instead of after it. Resolves when it is loaded or failed.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const screen = screens.find((candidate) => candidate.path === pathname);
  const page = pageLoaders[pathname];
  if (screen?.status !== 'ready' || !page) return Promise.resolve();
  return loadPage(pathname, page).catch(() => undefined);
}

/**
 * Starts the first queries of the screen at `location` (see `PageEntry.prefetch`) once the current user is known,
 * if the user may see the screen. Failures are left to the screen, whose own queries ask again and report them.
 */
export async function prefetchPageData(queryClient: QueryClient, location: { pathname: string; search: string }) {
  const screen = screens.find((candidate) => candidate.path === location.pathname);
  const page = pageLoaders[location.pathname];
  if (screen?.status !== 'ready' || !page?.prefetch) return;
  try {
    const [user, prefetch] = await Promise.all([queryClient.fetchQuery(currentUserQuery), page.prefetch()]);
    if (!canSeeScreen(accessSubjectOf(user), screen)) return;
    await prefetch({ queryClient, user, search: new URLSearchParams(location.search) });
  } catch {
    // Signed out, or a chunk that did not load: the screen (or the guard) deals with it when it renders.
  }
}

/** The lazily loaded page of a screen, or `null` when the screen has none yet. */
export function pageOf(screen: Screen): LazyExoticComponent<ComponentType> | null {
  return screen.status === 'ready' ? (pages.get(screen.path) ?? null) : null;
}
