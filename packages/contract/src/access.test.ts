import { describe, expect, it } from 'vitest';
import { type AccessSubject, menuFor } from './access';

const paths = (subject: AccessSubject) => menuFor(subject).map((screen) => screen.path);
const user = (type: AccessSubject['type'], roles: string[] = [], insurancePaid = true): AccessSubject => ({
  type,
  roles,
  insurancePaid,
});

describe('side menu (SPEC §2.2)', () => {
  it('gives a full admin every admin entry', () => {
    expect(paths(user('admin'))).toEqual([
      '/partners',
      '/users',
      '/active',
      '/history',
      '/pay',
      '/statistics',
      '/wallets',
      '/antifraud',
      '/requisites',
      '/devices',
      '/potoc',
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
