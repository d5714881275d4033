/**
 * Orders in bulk for the benches at a million rows: straight SQL (generate_series, triggers off), `rows` orders one
 * second apart going back from now, over the merchants and flows given; `merchants[0]` holds half, `traders[0]`
 * executes half, the partner a tenth; a fifth are pay-outs, the first 200 open, a seventh canceled, the rest paid.
 * The open pay-outs have no executor yet: they wait in their flow to be taken, as the executors' lists show them.
 */
const uuids = (ids: string[]) => `array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`;

export function fillSql(
  rows: number,
  merchants: string[],
  flowIds: string[],
  traders: string[],
  partner: string,
): string {
  return `
    set session_replication_role = replica;
    insert into orders (id, type, status, merchant_id, flow_id, executor_id, executor_type, fiat, fiat_amount_minor,
        crypto, crypto_amount_minor, rate, merchant_fee_hundredths, executor_fee_hundredths, agent_shares, hold_minor,
        payment_option, payment_type, details, client_order_id, paid_by, expires_at, created_at, updated_at, paid_at,
        canceled_at)
      select gen_random_uuid(),
        case when i % 5 = 0 then 'pay_out' else 'pay_in' end,
        s.status,
        case when i % 2 = 0 then m[1] else m[1 + i % ${merchants.length}] end,
        f[1 + i % ${flowIds.length}],
        case when s.waiting then null when i % 10 < 5 then t[1] when i % 10 = 5 then '${partner}'::uuid
          else t[1 + i % ${traders.length}] end,
        case when s.waiting then null when i % 10 = 5 then 'partner' else 'trader' end,
        'RUB', 100000 + i % 4000000, 'USDT', 1081 + i % 43243, 92.5, 500, 250, '[]'::jsonb, 1081 + i % 43243,
        'card', 'sberbank', '{"card_number": "4276000011112222", "holder": "IVAN PETROV"}'::jsonb,
        'bulk-' || i, case when s.status = 'paid' then 'executor' end,
        now() - (i || ' seconds')::interval + interval '15 minutes',
        now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval,
        case when s.status = 'paid' then now() - (i || ' seconds')::interval end,
        case when s.status = 'canceled' then now() - (i || ' seconds')::interval end
      from generate_series(1, ${rows}) as i,
        lateral (select case when i < 200 then 'new' when i % 7 = 0 then 'canceled' else 'paid' end as status,
          i < 200 and i % 5 = 0 as waiting) s,
        (select ${uuids(merchants)} as m, ${uuids(flowIds)} as f, ${uuids(traders)} as t) ids;
    set session_replication_role = origin;`;
}

/**
 * The settlements of the paid bulk orders as the ledger holds them (triggers off: balances are not the point): each
 * executor's reward of 2.5 % of the order's crypto amount from its own hold account to its own available account, and
 * the platform's fee of 2.5 % from the same hold account to the platform's revenue account `revenue`.
 */
export function settlementsSql(revenue: string): string {
  return `
    set session_replication_role = replica;
    insert into ledger_transfers (id, seq, code, reference_id, debit_account_id, credit_account_id, amount_minor,
        currency, created_at)
      select gen_random_uuid(), (select coalesce(max(seq), 0) from ledger_transfers) + row_number() over (),
        x.code, o.id, hold.id, x.credit, x.amount, 'USDT', o.paid_at
      from orders o
      join ledger_accounts hold on hold.owner_id = o.executor_id and hold.kind = 'hold' and hold.currency = 'USDT'
      join ledger_accounts available on available.owner_id = o.executor_id and available.kind = 'available'
        and available.currency = 'USDT'
      cross join lateral (values ('order_reward', available.id, o.crypto_amount_minor * 250 / 10000),
                                 ('order_fee', '${revenue}'::uuid, o.crypto_amount_minor * 250 / 10000))
        as x(code, credit, amount)
      where o.status = 'paid';
    set session_replication_role = origin;`;
}
