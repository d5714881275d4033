import { describe, expect, it } from 'vitest';
import { destinationProblem, isPublicAddress } from './network';

describe('webhook destinations', () => {
  it('tells public addresses from internal and reserved ones, IPv4 and IPv6', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:10.0.0.1',
      '[::1]',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('checks what a name resolves to: one internal address is enough to refuse', async () => {
    const resolveTo = (addresses: string[]) => async () => addresses;
    const url = new URL('https://hooks.shop.example/paydesk');
    expect(await destinationProblem(url, { resolveNames: true, resolve: resolveTo(['93.184.215.14']) })).toBeNull();
    expect(
      await destinationProblem(url, { resolveNames: true, resolve: resolveTo(['93.184.215.14', '10.0.0.5']) }),
    ).toBe('private');
    expect(
      await destinationProblem(url, {
        resolveNames: true,
        resolve: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).toBe('unresolvable');
    expect(await destinationProblem(new URL('http://metadata.internal/'), { resolveNames: false })).toBe('private');
    expect(await destinationProblem(url, { resolveNames: false })).toBeNull();
  });
});
