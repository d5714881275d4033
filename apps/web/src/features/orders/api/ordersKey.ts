/**
 * Root of every orders query. The real-time connection invalidates it on `order.created` and `order.updated`, and
 * every order action after it answers, so each list and open details view shows the order as it is now.
 */
export const ordersKey = ['orders'] as const;
