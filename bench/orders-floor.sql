-- The database floor of one pay-in (bench/orders.ts, issue 18): the statements a pay-in's two transactions must run on
-- Paydesk's own schema, as one pgbench transaction, with nothing a server adds (no sign-in, no idempotency key, no
-- matcher's candidate search, no JSON of an answer): create the order on a card, mark its executor, record the event,
-- queue its webhook and expiry, announce it, hold the trader's money; then lock it, mark it paid, record, queue,
-- announce, settle in five transfers. pgbench -M prepared plans each statement once, as the server's named
-- statements do. It runs on the bench's Paydesk database beside the servers: its jobs are due in a day (the servers'
-- runners never take them), its announcements go to channels no one listens on, its client order ids start with
-- `floor-` (the bench's paid-order check leaves them out), and its transfers keep the ledger exact.
-- Variables (pgbench -D): requisites, flows (their counts), agent (a referral agent's id).
\set amt random(10000, 4999999)
\set req random(0, :requisites - 1)
\set fl random(0, :flows - 1)
\set crypto (:amt * 10000) / 925 + 1
\set reward :crypto / 40
\set referral :crypto / 200
\set settle :crypto - :crypto / 20
\set fee :crypto - :settle - :reward - :referral - 1
select id as req_id, user_id as trader from requisites order by id offset :req limit 1 \gset
select id as flow, merchant_id as merchant from flows order by id offset :fl limit 1 \gset
begin;
insert into orders (id, type, status, merchant_id, flow_id, executor_id, executor_type, requisite_id, fiat,
  fiat_amount_minor, crypto, crypto_amount_minor, rate, merchant_fee_hundredths, executor_fee_hundredths, agent_shares,
  hold_minor, payment_option, payment_type, details, client_order_id, client_id, expires_at, created_at, updated_at)
values (gen_random_uuid(), 'pay_in', 'new', :merchant, :flow, :trader, 'trader', :req_id, 'RUB', :amt, 'USDT', :crypto,
  92.5, 500, 250, jsonb_build_array(jsonb_build_object('role', 'referral', 'userId', :agent::text, 'hundredths', 50)),
  :crypto, 'card', 'sberbank', '{"holder": "IVAN PETROV", "card_number": "4276165304496518"}',
  'floor-' || gen_random_uuid(), null, now() + interval '15 minutes', now(), now())
returning id as order_id \gset
update flow_executors set last_assigned_at = now() where flow_id = :flow and user_id = :trader;
insert into order_events (id, order_id, from_status, to_status, actor_kind, actor_id, note, created_at)
values (gen_random_uuid(), :order_id, null, 'new', 'merchant', :merchant, null, now());
insert into webhook_deliveries (id, order_id, merchant_id, type, payload)
values (gen_random_uuid(), :order_id, :merchant, 'order.created', jsonb_build_object('id', gen_random_uuid(), 'type',
  'order.created', 'data', jsonb_build_object('guid', :order_id::text, 'rate', '92.5', 'type', 'pay_in', 'amount',
  :amt::text, 'status', 'new', 'currency', 'RUB', 'crypto_amount', :crypto::text, 'crypto_currency', 'USDT',
  'client_order_id', 'floor', 'payment_details', jsonb_build_object('payment_type', 'sberbank', 'payment_option',
  'card', 'attributes', jsonb_build_object('holder', 'IVAN PETROV', 'card_number', '4276165304496518')))))
returning id as delivery \gset
with queued as (
  insert into jobs (id, kind, payload, run_at, max_attempts)
  values (gen_random_uuid(), 'webhooks.deliver', jsonb_build_object('deliveryId', :delivery::text), now() + interval '1 day', 17),
         (gen_random_uuid(), 'orders.expire', jsonb_build_object('orderId', :order_id::text), now() + interval '1 day', 5)
  returning kind
), notified as (select pg_notify('paydesk_jobs_floor', kinds.kind) from (select distinct kind from queued) kinds)
select (select count(*) from queued)::int as queued, (select count(*) from notified)::int as notified;
select pg_notify('paydesk_events_floor', :order_id::text);
with accounts as (
  select a.id, a.owner_id, a.kind from ledger_accounts a
  where a.currency = 'USDT' and a.owner_id = :trader and a.kind in ('available', 'hold')
  order by a.id for update
)
insert into ledger_transfers (id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency)
select gen_random_uuid(), 'order_hold', :order_id, d.id, c.id, :crypto, 'USDT'
from accounts d, accounts c where d.kind = 'available' and c.kind = 'hold';
commit;
begin;
select id, status, hold_minor from orders where id = :order_id for update;
update orders set status = 'paid', paid_by = 'executor', updated_at = now(), paid_at = now() where id = :order_id;
insert into order_events (id, order_id, from_status, to_status, actor_kind, actor_id, note, created_at)
values (gen_random_uuid(), :order_id, 'new', 'paid', 'executor', :trader, null, now());
insert into webhook_deliveries (id, order_id, merchant_id, type, payload)
values (gen_random_uuid(), :order_id, :merchant, 'order.paid', jsonb_build_object('id', gen_random_uuid(), 'type',
  'order.paid', 'data', jsonb_build_object('guid', :order_id::text, 'rate', '92.5', 'type', 'pay_in', 'amount',
  :amt::text, 'status', 'paid', 'currency', 'RUB', 'crypto_amount', :crypto::text, 'crypto_currency', 'USDT',
  'client_order_id', 'floor', 'payment_details', jsonb_build_object('payment_type', 'sberbank', 'payment_option',
  'card', 'attributes', jsonb_build_object('holder', 'IVAN PETROV', 'card_number', '4276165304496518')))))
returning id as delivery \gset
with queued as (
  insert into jobs (id, kind, payload, run_at, max_attempts)
  values (gen_random_uuid(), 'webhooks.deliver', jsonb_build_object('deliveryId', :delivery::text), now() + interval '1 day', 17)
  returning kind
), notified as (select pg_notify('paydesk_jobs_floor', kinds.kind) from (select distinct kind from queued) kinds)
select (select count(*) from queued)::int as queued, (select count(*) from notified)::int as notified;
select pg_notify('paydesk_events_floor', :order_id::text);
with accounts as (
  select a.id, a.owner_id, a.kind from ledger_accounts a
  where a.currency = 'USDT'
    and ((a.owner_id = :trader and a.kind in ('available', 'hold')) or (a.owner_id = :merchant and a.kind = 'available')
      or (a.owner_id = :agent and a.kind = 'available') or (a.owner_id is null and a.kind in ('revenue', 'rounding')))
  order by a.id for update
), wanted(code, debit_owner, debit_kind, credit_owner, credit_kind, amount, position) as (
  values ('order_settle', :trader::uuid, 'hold', :merchant::uuid, 'available', :settle::int8, 1),
         ('order_reward', :trader::uuid, 'hold', :trader::uuid, 'available', :reward::int8, 2),
         ('order_referral', :trader::uuid, 'hold', :agent::uuid, 'available', :referral::int8, 3),
         ('order_fee', :trader::uuid, 'hold', null::uuid, 'revenue', :fee::int8, 4),
         ('order_rounding', :trader::uuid, 'hold', null::uuid, 'rounding', 1::int8, 5)
)
insert into ledger_transfers (id, code, reference_id, debit_account_id, credit_account_id, amount_minor, currency)
select gen_random_uuid(), w.code, :order_id, d.id, c.id, w.amount, 'USDT'
from wanted w
join accounts d on d.owner_id is not distinct from w.debit_owner and d.kind = w.debit_kind
join accounts c on c.owner_id is not distinct from w.credit_owner and c.kind = w.credit_kind
order by w.position;
commit;
