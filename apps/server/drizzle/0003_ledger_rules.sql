-- The ledger's rules, kept by the database itself (DESIGN §4). Written by hand: drizzle-kit does not model triggers.
--
-- 1. An account opens at zero, keeps its owner, kind and currency, and is never deleted.
-- 2. A balance changes only inside ledger_apply_transfer, that is, only when a transfer row is inserted; a direct
--    UPDATE of balance_minor is refused. Each transfer takes from one account exactly what it gives another, so the
--    sum of all accounts of a currency stays zero. A user's account never goes negative (CHECK
--    ledger_accounts_user_not_negative on the account row).
-- 3. A transfer id is its primary key: the same id never applies twice.
-- 4. Transfers and entries are never updated, deleted or truncated; a mistake is corrected by new transfers.

CREATE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance_minor <> 0 THEN
      RAISE EXCEPTION 'ledger: an account opens at zero';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: accounts are never deleted';
  END IF;
  IF NEW.id <> OLD.id OR NEW.owner_id IS DISTINCT FROM OLD.owner_id OR NEW.kind <> OLD.kind
     OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'ledger: an account keeps its owner, kind and currency';
  END IF;
  -- The transfer trigger updates balances one trigger level down; a direct UPDATE runs at level 1.
  IF NEW.balance_minor <> OLD.balance_minor AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger: a balance changes only through a transfer';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint
CREATE FUNCTION ledger_apply_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  debit ledger_accounts%ROWTYPE;
  credit ledger_accounts%ROWTYPE;
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
  UPDATE ledger_accounts SET balance_minor = balance_minor - NEW.amount_minor
    WHERE id = NEW.debit_account_id RETURNING * INTO debit;
  UPDATE ledger_accounts SET balance_minor = balance_minor + NEW.amount_minor
    WHERE id = NEW.credit_account_id RETURNING * INTO credit;
  IF debit.id IS NULL OR credit.id IS NULL THEN
    RAISE EXCEPTION 'ledger: unknown account' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF debit.currency <> NEW.currency OR credit.currency <> NEW.currency THEN
    RAISE EXCEPTION 'ledger: both accounts must hold the currency of the transfer';
  END IF;
  INSERT INTO ledger_entries (transfer_id, account_id, owner_id, account_kind, seq, code, reference_id,
      amount_minor, balance_before_minor, balance_after_minor, created_at)
    VALUES
      (NEW.id, debit.id, debit.owner_id, debit.kind, NEW.seq, NEW.code, NEW.reference_id,
       -NEW.amount_minor, debit.balance_minor + NEW.amount_minor, debit.balance_minor, NEW.created_at),
      (NEW.id, credit.id, credit.owner_id, credit.kind, NEW.seq, NEW.code, NEW.reference_id,
       NEW.amount_minor, credit.balance_minor - NEW.amount_minor, credit.balance_minor, NEW.created_at);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_apply BEFORE INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_transfer();
--> statement-breakpoint
CREATE FUNCTION ledger_guard_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger: entries are written only by the transfer trigger';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_guard BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_entry();
--> statement-breakpoint
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- The platform's accounts, and the accounts of every user that exists already; new users get theirs when created.
INSERT INTO ledger_accounts (id, owner_id, kind, currency)
  SELECT gen_random_uuid(), NULL, kind, 'USDT' FROM unnest(ARRAY['custody', 'revenue', 'rounding']) AS kind;
--> statement-breakpoint
INSERT INTO ledger_accounts (id, owner_id, kind, currency)
  SELECT gen_random_uuid(), users.id, kind, 'USDT'
  FROM users CROSS JOIN unnest(ARRAY['available', 'hold', 'insurance']) AS kind;
