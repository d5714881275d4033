/**
 * The environment the journeys' server runs in (playwright.config.ts), and a journey's own server started the same
 * way when it needs a setting the shared one cannot have (e2e/payerSupport.ts: pay-ins that expire within a minute).
 */
export function serverEnv(
  port: number,
  dataDir: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  // No random demo deposits: trader2's insurance must stay unpaid until a journey pays it on purpose. Orders live
  // three hours: a spec's open orders (the axe walks' pay-in on /active) must outlast the spec on a slow machine,
  // where the default 15 minutes ran out mid-walk and emptied /active.
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES: '5',
    DEMO_DEPOSIT_SECONDS: '0',
    DEMO_ORDER_SECONDS: '0',
    DEMO_SEND_SECONDS: '2',
    ORDER_PAY_IN_TTL_SECONDS: '10800',
    ORDER_PAY_OUT_TTL_SECONDS: '10800',
    ...overrides,
  };
}
