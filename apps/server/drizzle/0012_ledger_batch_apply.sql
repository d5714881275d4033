-- The ledger applies a statement's transfers together (DESIGN §4), written by hand like 0003_ledger_rules.
--
-- Each transfer row still locks its two accounts in id order and draws its order number only then, so per account the
-- numbers follow the balance chain exactly as before. What moves to the end of the statement is the work: one balance
-- update per account instead of one per transfer side, and every entry in one insert, its balance before and after a
-- running sum in order number from the balance the account had before the statement. The rules of 0003 hold
-- unchanged: a user account never goes negative, not even between two transfers of one statement; both accounts hold
-- the transfer's currency; an unknown account is refused; balances change only here.

CREATE OR REPLACE FUNCTION ledger_apply_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount_minor <= 0 THEN
    RAISE EXCEPTION 'ledger: a transfer moves a positive amount'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transfers_amount_check';
  END IF;
  -- Row locks in one fixed order (by id): two transfers over the same pair of accounts never deadlock.
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (NEW.debit_account_id, NEW.credit_account_id) ORDER BY id FOR UPDATE;
  -- The order number is drawn only once both accounts are held, so per account it follows the balance chain.
  NEW.seq := nextval('ledger_transfer_seq');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_apply_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sides bigint;
  transfers bigint;
  negative boolean;
  foreign_currency boolean;
BEGIN
  WITH moves AS (
    SELECT t.id, t.seq, t.code, t.reference_id, t.created_at, t.currency, t.debit_account_id AS account_id,
           -t.amount_minor AS amount
      FROM applied t
    UNION ALL
    SELECT t.id, t.seq, t.code, t.reference_id, t.created_at, t.currency, t.credit_account_id, t.amount_minor
      FROM applied t
  ), chained AS (
    SELECT m.*, a.owner_id, a.kind, a.currency AS account_currency,
           a.balance_minor + sum(m.amount) OVER (PARTITION BY m.account_id ORDER BY m.seq
                                                 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS after
      FROM moves m JOIN ledger_accounts a ON a.id = m.account_id
  ), written AS (
    INSERT INTO ledger_entries (transfer_id, account_id, owner_id, account_kind, seq, code, reference_id,
        amount_minor, balance_before_minor, balance_after_minor, created_at)
      SELECT id, account_id, owner_id, kind, seq, code, reference_id, amount, after - amount, after, created_at
        FROM chained
      RETURNING 1
  )
  SELECT count(*), coalesce(bool_or(owner_id IS NOT NULL AND after < 0), false),
         coalesce(bool_or(account_currency <> currency), false)
    INTO sides, negative, foreign_currency
    FROM chained;
  SELECT count(*) INTO transfers FROM applied;
  IF sides <> transfers * 2 THEN
    RAISE EXCEPTION 'ledger: unknown account' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF foreign_currency THEN
    RAISE EXCEPTION 'ledger: both accounts must hold the currency of the transfer';
  END IF;
  IF negative THEN
    RAISE EXCEPTION 'ledger: a user account never goes negative (ledger_accounts_user_not_negative)'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_user_not_negative';
  END IF;
  UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta
    FROM (SELECT account_id, sum(amount) AS delta
            FROM (SELECT debit_account_id AS account_id, -amount_minor AS amount FROM applied
                  UNION ALL
                  SELECT credit_account_id, amount_minor FROM applied) sides_of
           GROUP BY account_id) d
   WHERE a.id = d.account_id AND d.delta <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_apply_statement AFTER INSERT ON ledger_transfers
  REFERENCING NEW TABLE AS applied FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_transfers();
