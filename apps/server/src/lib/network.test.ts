import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkedLookup, DestinationRefused, destinationProblem, isPublicAddress } from './network';

describe('webhook destinations', () => {
  it('tells public addresses from internal and reserved ones, IPv4 and IPv6', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '::ffff:8.8.8.8',
    ]) {
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

  it('refuses the IPv6 forms of loopback and private IPv4 addresses (issue 20, L1)', async () => {
    for (const address of [
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '64:ff9b::127.0.0.1', // NAT64
      '64:ff9b::a00:1',
      '2002:7f00:1::', // 6to4
      '2002:a9fe:a9fe::1',
      '::ffff:0:127.0.0.1', // SIIT
      '::ffff:0:a00:1',
      '::ffff:127.0.0.1', // IPv4-mapped, dotted and hex
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo whose client is 127.0.0.1
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    // As notification URLs: the URL parser writes them in hex, and every form is refused all the same.
    for (const host of ['[::127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', '[::ffff:0:127.0.0.1]']) {
      expect(await destinationProblem(new URL(`http://${host}/hook`), { resolveNames: false }), host).toBe('private');
    }
  });

  it('connects only to the public address it resolved, once (issue 20, M3)', async () => {
    const answers = [['93.184.215.14'], ['127.0.0.1']];
    let asked = 0;
    const lookup = checkedLookup(async () => answers[asked++] ?? []);
    const look = (all: boolean) =>
      new Promise<{ error: unknown; addresses: unknown }>((resolve) =>
        lookup('hooks.shop.example', { all }, (error, addresses) => resolve({ error, addresses })),
      );
    expect(await look(true)).toEqual({ error: null, addresses: [{ address: '93.184.215.14', family: 4 }] });
    const rebound = await look(false);
    expect(rebound.error).toBeInstanceOf(DestinationRefused);
    expect((rebound.error as DestinationRefused).problem).toBe('private');
    expect(asked).toBe(2);
    const mixed = checkedLookup(async () => ['93.184.215.14', '::ffff:10.0.0.1']);
    const refused = await new Promise<unknown>((resolve) =>
      mixed('x.example', { all: true }, (error: unknown, _addresses: LookupAddress[] | string) => resolve(error)),
    );
    expect(refused).toBeInstanceOf(DestinationRefused);
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
