-- The database floor of one pay-in (bench/orders.ts, issues 18 and 33): what a pay-in's two transactions must write on
-- Paydesk's own schema, shaped as the server sends it, as one pgbench transaction, with nothing a server adds on top
-- (no sign-in, no matcher's candidate search and usage reads, no JSON of an answer). The creation: its writes in one
-- statement (db/deferred.ts) — the executor's turn, the order, its timeline line, its webhook, its webhook and expiry
-- jobs, its payer's page, the Idempotency-Key's answer, the trader's hold and the notifications. The "paid": the order
-- locked, then its writes in one statement — the order's row, the line, the webhook (the merchant's settings read by
-- the statement that writes it) and its job, the key's answer, the five settlement transfers, the notifications.
-- pgbench -M prepared plans each statement once, as the server's named statements do. It runs on the bench's Paydesk
-- database beside the servers: its jobs are due in a day (the servers' runners never take them), its notifications go
-- to channels no one listens on, its client order ids start with `floor-` (the bench's paid-order check leaves them
-- out), and its transfers keep the ledger exact.
-- Variables (pgbench -D): requisites, flows (their counts). Each pay-in's referral agent is its merchant's, as the
-- servers' are: one agent for every pay-in would make its account a lock every settlement waits on.
\set amt random(10000, 4999999)
\set req random(0, :requisites - 1)
\set fl random(0, :flows - 1)
\set crypto (:amt * 10000) / 925 + 1
\set reward :crypto / 40
\set referral :crypto / 200
\set settle :crypto - :crypto / 20
\set fee :crypto - :settle - :reward - :referral - 1
select id as req_id, user_id as trader, gen_random_uuid() as order_id from requisites order by id offset :req limit 1 \gset
select f.id as flow, f.merchant_id as merchant, fe.id as bind, l.agent_id as agent from flows f
  join flow_executors fe on fe.flow_id = f.id and fe.user_id = :trader
  join agent_links l on l.user_id = f.merchant_id
  order by f.id offset :fl limit 1 \gset
begin;
with assigned as (
  update flow_executors set last_assigned_at = now()
  where id = (select id from flow_executors where id = :bind::uuid for update skip locked)
    and (last_assigned_at is null or last_assigned_at < now())
), ord as (
  insert into orders (id, type, status, merchant_id, flow_id, executor_id, executor_type, requisite_id, fiat,
    fiat_amount_minor, crypto, crypto_amount_minor, rate, merchant_fee_hundredths, executor_fee_hundredths,
    agent_shares, hold_minor, payment_option, payment_type, details, client_order_id, client_id, expires_at, created_at,
    updated_at)
  values (:order_id::uuid, 'pay_in', 'new', :merchant::uuid, :flow::uuid, :trader::uuid, 'trader', :req_id::uuid, 'RUB', :amt::int8, 'USDT',
    :crypto::int8, 92.5, 500, 250,
    jsonb_build_array(jsonb_build_object('role', 'referral', 'userId', :agent::text, 'hundredths', 50)), :crypto::int8, 'card',
    'sberbank', '{"holder": "IVAN PETROV", "card_number": "4276165304496518"}', 'floor-' || :order_id::uuid, null,
    now() + interval '15 minutes', now(), now())
), line as (
  insert into order_events (id, order_id, from_status, to_status, actor_kind, actor_id, note, created_at)
  values (gen_random_uuid(), :order_id::uuid, null, 'new', 'merchant', :merchant::uuid, null, now())
), delivery as (
  insert into webhook_deliveries (id, order_id, merchant_id, type, payload)
  values (gen_random_uuid(), :order_id::uuid, :merchant::uuid, 'order.created', jsonb_build_object('id', gen_random_uuid(),
    'type', 'order.created', 'data', jsonb_build_object('guid', :order_id::text, 'rate', '92.5', 'type', 'pay_in',
    'amount', :amt::text, 'status', 'new', 'currency', 'RUB', 'crypto_amount', :crypto::text, 'crypto_currency', 'USDT',
    'client_order_id', 'floor', 'payment_details', jsonb_build_object('payment_type', 'sberbank', 'payment_option',
    'card', 'attributes', jsonb_build_object('holder', 'IVAN PETROV', 'card_number', '4276165304496518')))))
  returning id
), queued as (
  insert into jobs (id, kind, payload, run_at, max_attempts)
  select gen_random_uuid(), 'webhooks.deliver', jsonb_build_object('deliveryId', delivery.id), now() + interval '1 day', 17
  from delivery
  union all
  select gen_random_uuid(), 'orders.expire', jsonb_build_object('orderId', :order_id::text), now() + interval '1 day', 5
), page as (
  insert into payer_pages (order_id, token_hash, return_url, language)
  values (:order_id::uuid, 'floor-' || :order_id::uuid, null, null)
), answer as (
  insert into api_idempotency (owner_id, key, request_hash, state, status_code, body)
  values (:merchant::uuid, 'floor-create-' || :order_id::uuid, md5(:order_id::text), 'done', 201,
    jsonb_build_object('success', true, 'data', jsonb_build_object('guid', :order_id::uuid, 'status', 'new', 'amount',
      :amt::int8))::text)
  on conflict (owner_id, key) do update set state = 'done' where api_idempotency.state = 'running'
  returning 1
), accounts as (
  select a.id, a.owner_id, a.kind from ledger_accounts a
  where a.currency = 'USDT' and a.owner_id = :trader::uuid and a.kind in ('available', 'hold')
  order by a.id for update
), hold as (
  insert into ledger_transfers (id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency)
  select gen_random_uuid(), 'order_hold', :order_id::uuid, d.id, c.id, :crypto::int8, 'USDT'
  from accounts d, accounts c where d.kind = 'available' and c.kind = 'hold'
  returning id
)
select (select count(*) from answer)::int as answered, (select count(*) from hold)::int as held,
  (select count(*) from (select pg_notify(n ->> 0, n ->> 1)
   from json_array_elements(json_build_array(json_build_array('paydesk_jobs_floor', 'webhooks.deliver'),
     json_build_array('paydesk_jobs_floor', 'orders.expire'), json_build_array('paydesk_events_floor', :order_id::text))) n) s)::int
  as notified;
commit;
begin;
select id, status, hold_minor from orders where id = :order_id::uuid for update;
with moved as (
  update orders set status = 'paid', paid_by = 'executor', updated_at = now(), paid_at = now() where id = :order_id::uuid
), line as (
  insert into order_events (id, order_id, from_status, to_status, actor_kind, actor_id, note, created_at)
  values (gen_random_uuid(), :order_id::uuid, 'new', 'paid', 'executor', :trader::uuid, null, now())
), delivery as (
  insert into webhook_deliveries (id, order_id, merchant_id, type, payload)
  select gen_random_uuid(), :order_id::uuid, :merchant::uuid, 'order.paid', jsonb_build_object('id', gen_random_uuid(), 'type',
    'order.paid', 'data', jsonb_build_object('guid', :order_id::text, 'rate', '92.5', 'type', 'pay_in', 'amount',
    :amt::text, 'status', 'paid', 'currency', 'RUB', 'crypto_amount', :crypto::text, 'crypto_currency', 'USDT',
    'client_order_id', 'floor', 'payment_details', jsonb_build_object('payment_type', 'sberbank', 'payment_option',
    'card', 'attributes', jsonb_build_object('holder', 'IVAN PETROV', 'card_number', '4276165304496518'))))
  where not exists (select 1 from user_webhooks w
                    where w.user_id = :merchant::uuid and w.slug = 'order.paid' and w.is_disabled)
  returning id
), queued as (
  insert into jobs (id, kind, payload, run_at, max_attempts)
  select gen_random_uuid(), 'webhooks.deliver', jsonb_build_object('deliveryId', delivery.id), now() + interval '1 day', 17
  from delivery
), answer as (
  insert into api_idempotency (owner_id, key, request_hash, state, status_code, body)
  values (:trader::uuid, 'floor-paid-' || :order_id::uuid, md5(:order_id::text), 'done', 200,
    jsonb_build_object('success', true, 'data', jsonb_build_object('guid', :order_id::uuid, 'status', 'paid', 'amount',
      :amt::int8))::text)
  on conflict (owner_id, key) do update set state = 'done' where api_idempotency.state = 'running'
  returning 1
), accounts as (
  select a.id, a.owner_id, a.kind from ledger_accounts a
  where a.currency = 'USDT'
    and ((a.owner_id = :trader::uuid and a.kind in ('available', 'hold')) or (a.owner_id = :merchant::uuid and a.kind = 'available')
      or (a.owner_id = :agent::uuid and a.kind = 'available') or (a.owner_id is null and a.kind in ('revenue', 'rounding')))
  order by a.id for update
), wanted(code, debit_owner, debit_kind, credit_owner, credit_kind, amount, position) as (
  values ('order_settle', :trader::uuid, 'hold', :merchant::uuid, 'available', :settle::int8, 1),
         ('order_reward', :trader::uuid, 'hold', :trader::uuid, 'available', :reward::int8, 2),
         ('order_referral', :trader::uuid, 'hold', :agent::uuid, 'available', :referral::int8, 3),
         ('order_fee', :trader::uuid, 'hold', null::uuid, 'revenue', :fee::int8, 4),
         ('order_rounding', :trader::uuid, 'hold', null::uuid, 'rounding', 1::int8, 5)
), settled as (
  insert into ledger_transfers (id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency)
  select gen_random_uuid(), w.code, :order_id::uuid, d.id, c.id, w.amount, 'USDT'
  from wanted w
  join accounts d on d.owner_id is not distinct from w.debit_owner and d.kind = w.debit_kind
  join accounts c on c.owner_id is not distinct from w.credit_owner and c.kind = w.credit_kind
  order by w.position
  returning id
)
select (select count(*) from answer)::int as answered, (select count(*) from settled)::int as settled,
  (select count(*) from (select pg_notify(n ->> 0, n ->> 1)
   from json_array_elements(json_build_array(json_build_array('paydesk_jobs_floor', 'webhooks.deliver'),
     json_build_array('paydesk_events_floor', :order_id::text))) n) s)::int
  as notified;
commit;
