import { describe, expect, it } from 'vitest';
import { type AccessSubject, can, menuFor } from './access';

const paths = (subject: AccessSubject) => menuFor(subject).map((screen) => screen.path);
const user = (
  type: AccessSubject['type'],
  roles: string[] = [],
  insurancePaid = true,
  isRoot = false,
): AccessSubject => ({
  type,
  roles,
  insurancePaid,
  isRoot,
});

describe('side menu (SPEC §2.2)', () => {
  it('gives a full admin every admin entry', () => {
    expect(paths(user('admin'))).toEqual([
      '/partners',
      '/users',
      '/active',
      '/history',
      '/deals',
      '/pay',
      '/statistics',
      '/wallets',
      '/antifraud',
      '/requisites',
      '/devices',
      '/potoc',
      '/directions',
      '/settings',
    ]);
  });

  it('hides users, wallets and potoc from a support admin', () => {
    const support = paths(user('admin', ['support']));
    expect(support).not.toContain('/users');
    expect(support).not.toContain('/wallets');
    expect(support).not.toContain('/potoc');
    expect(support).toContain('/partners');
  });

  it('gives each other role exactly its entries', () => {
    expect(paths(user('merchant'))).toEqual(['/active', '/history', '/balance', '/statistic', '/settings']);
    expect(paths(user('partner'))).toEqual(['/active', '/history', '/balance', '/statistic', '/settings']);
    expect(paths(user('agent'))).toEqual(['/agent/traders', '/balance', '/statistic', '/settings']);
    expect(paths(user('trader'))).toEqual([
      '/active',
      '/history',
      '/balance',
      '/statistic',
      '/requisite',
      '/terminal',
      '/settings',
    ]);
  });

  it('gives a trader with unpaid insurance no side menu', () => {
    expect(paths(user('trader', [], false))).toEqual([]);
  });

  it('ignores support-like roles on non-admins', () => {
    expect(paths(user('merchant', ['support']))).toContain('/balance');
  });
});

describe('per-action capabilities', () => {
  it('lets a support admin read payments but move no money', () => {
    const support = user('admin', ['support']);
    expect(can(support, 'payments.read')).toBe(true);
    expect(can(support, 'payments.moderate')).toBe(false);
    expect(can(support, 'deposits.credit')).toBe(false);
    expect(can(user('admin'), 'payments.moderate')).toBe(true);
  });

  it('opens the API reference (/api) to whoever signs API requests: merchants, traders and partners', () => {
    for (const type of ['merchant', 'trader', 'partner'] as const)
      expect(can(user(type), 'merchantApi.read')).toBe(true);
    for (const type of ['admin', 'agent'] as const) expect(can(user(type), 'merchantApi.read')).toBe(false);
  });

  it('gives the merchant withdrawal to the root admin alone, whatever the username', () => {
    expect(can(user('admin', [], true, true), 'wallets.merchantWithdrawal')).toBe(true);
    expect(can(user('admin'), 'wallets.merchantWithdrawal')).toBe(false);
    expect(can(user('admin', [], true, false), 'wallets.read')).toBe(true);
    // A root flag on anything but an admin account means nothing.
    expect(can(user('merchant', [], true, true), 'wallets.merchantWithdrawal')).toBe(false);
  });
});
