CREATE TABLE "flow_executors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"executor_type" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_executors_type_check" CHECK ("flow_executors"."executor_type" in ('trader', 'partner')),
	CONSTRAINT "flow_executors_priority_check" CHECK ("flow_executors"."priority" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"fiat" text NOT NULL,
	"crypto" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"rate_source" text DEFAULT 'manual' NOT NULL,
	"manual_rate" numeric(30, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flows_rate_source_check" CHECK ("flows"."rate_source" in ('manual', 'feed')),
	CONSTRAINT "flows_manual_rate_check" CHECK ("flows"."manual_rate" is null or "flows"."manual_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_quotes" (
	"source" text NOT NULL,
	"fiat" text NOT NULL,
	"crypto" text NOT NULL,
	"rate" numeric(30, 8) NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"raw" jsonb,
	CONSTRAINT "rate_quotes_source_fiat_crypto_pk" PRIMARY KEY("source","fiat","crypto"),
	CONSTRAINT "rate_quotes_rate_check" CHECK ("rate_quotes"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "trader_restrictions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"flow_id" uuid NOT NULL,
	"trader_id" uuid NOT NULL,
	"type" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_systems" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"payment_method" text NOT NULL,
	"fiat_currencies" text[] NOT NULL,
	"payment_options" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"ratio_fraction" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "currencies_kind_check" CHECK ("currencies"."kind" in ('fiat', 'crypto')),
	CONSTRAINT "currencies_fraction_check" CHECK ("currencies"."ratio_fraction" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"slug" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"slug" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"payment_options" text[] NOT NULL,
	"color" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requisite_restrictions" (
	"requisite_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "requisite_restrictions_requisite_id_type_pk" PRIMARY KEY("requisite_id","type")
);
--> statement-breakpoint
CREATE TABLE "requisites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"payment_option" text NOT NULL,
	"payment_type" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_executors" ADD CONSTRAINT "flow_executors_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_executors" ADD CONSTRAINT "flow_executors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_fiat_currencies_code_fk" FOREIGN KEY ("fiat") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_crypto_currencies_code_fk" FOREIGN KEY ("crypto") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_restrictions" ADD CONSTRAINT "trader_restrictions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_restrictions" ADD CONSTRAINT "trader_restrictions_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_systems" ADD CONSTRAINT "partner_systems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisite_restrictions" ADD CONSTRAINT "requisite_restrictions_requisite_id_requisites_id_fk" FOREIGN KEY ("requisite_id") REFERENCES "public"."requisites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisites" ADD CONSTRAINT "requisites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisites" ADD CONSTRAINT "requisites_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisites" ADD CONSTRAINT "requisites_payment_option_payment_options_slug_fk" FOREIGN KEY ("payment_option") REFERENCES "public"."payment_options"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisites" ADD CONSTRAINT "requisites_payment_type_payment_types_slug_fk" FOREIGN KEY ("payment_type") REFERENCES "public"."payment_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flow_executors_flow_user_key" ON "flow_executors" USING btree ("flow_id","user_id");--> statement-breakpoint
CREATE INDEX "flow_executors_user_idx" ON "flow_executors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flows_merchant_pair_key" ON "flows" USING btree ("merchant_id","fiat","crypto");--> statement-breakpoint
CREATE INDEX "flows_created_idx" ON "flows" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trader_restrictions_key" ON "trader_restrictions" USING btree ("flow_id","trader_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_systems_user_key" ON "partner_systems" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_systems_slug_key" ON "partner_systems" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "requisites_user_created_idx" ON "requisites" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requisites_created_idx" ON "requisites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "requisites_matching_idx" ON "requisites" USING btree ("currency","payment_option","user_id") WHERE "requisites"."is_active";
--> statement-breakpoint
-- Reference data of DESIGN §8: currencies, payment options with their attributes and rules, payment types.
INSERT INTO "currencies" ("code", "kind", "name_en", "name_ru", "ratio_fraction", "position") VALUES
	('RUB', 'fiat', 'Russian ruble', 'Российский рубль', 2, 1),
	('KZT', 'fiat', 'Kazakhstani tenge', 'Казахстанский тенге', 2, 2),
	('UZS', 'fiat', 'Uzbek sum', 'Узбекский сум', 2, 3),
	('AZN', 'fiat', 'Azerbaijani manat', 'Азербайджанский манат', 2, 4),
	('TRY', 'fiat', 'Turkish lira', 'Турецкая лира', 2, 5),
	('USDT', 'crypto', 'Tether USD', 'Tether USD', 6, 10);
--> statement-breakpoint
INSERT INTO "payment_options" ("slug", "name_en", "name_ru", "attributes", "position") VALUES
	('card', 'Card', 'Карта', '[{"field": "card_number", "label": {"en": "Card number", "ru": "Номер карты"}, "validation_rules": ["required", "string", "digits:16"], "mask": {"en": "16 digits", "ru": "16 цифр"}, "is_holder": false}, {"field": "holder", "label": {"en": "Card holder", "ru": "Держатель карты"}, "validation_rules": ["required", "string", "max:100"], "mask": null, "is_holder": true}]'::jsonb, 1),
	('sbp', 'SBP (by phone)', 'СБП (по номеру телефона)', '[{"field": "phone", "label": {"en": "Phone", "ru": "Телефон"}, "validation_rules": ["required", "string", "regex:\\d{10,15}"], "mask": {"en": "10 to 15 digits", "ru": "10–15 цифр"}, "is_holder": false}, {"field": "bank", "label": {"en": "Bank", "ru": "Банк"}, "validation_rules": ["required", "string", "max:100"], "mask": null, "is_holder": false}, {"field": "holder", "label": {"en": "Recipient", "ru": "Получатель"}, "validation_rules": ["required", "string", "max:100"], "mask": null, "is_holder": true}]'::jsonb, 2),
	('account', 'Bank account', 'Банковский счёт', '[{"field": "account_number", "label": {"en": "Account number", "ru": "Номер счёта"}, "validation_rules": ["required", "string", "digits:20"], "mask": {"en": "20 digits", "ru": "20 цифр"}, "is_holder": false}, {"field": "bik", "label": {"en": "BIK", "ru": "БИК"}, "validation_rules": ["required", "string", "digits:9"], "mask": {"en": "9 digits", "ru": "9 цифр"}, "is_holder": false}, {"field": "holder", "label": {"en": "Account holder", "ru": "Владелец счёта"}, "validation_rules": ["required", "string", "max:100"], "mask": null, "is_holder": true}]'::jsonb, 3);
--> statement-breakpoint
INSERT INTO "payment_types" ("slug", "currency", "name_en", "name_ru", "payment_options", "color", "position") VALUES
	('sberbank', 'RUB', 'Sberbank', 'Сбербанк', ARRAY['card', 'sbp', 'account']::text[], '#21A038', 1),
	('tbank', 'RUB', 'T-Bank', 'Т-Банк', ARRAY['card', 'sbp', 'account']::text[], '#FFDD2D', 2),
	('alfabank', 'RUB', 'Alfa-Bank', 'Альфа-Банк', ARRAY['card', 'sbp', 'account']::text[], '#EF3124', 3),
	('vtb', 'RUB', 'VTB', 'ВТБ', ARRAY['card', 'sbp', 'account']::text[], '#0A2973', 4),
	('ozon', 'RUB', 'Ozon Bank', 'Озон Банк', ARRAY['card', 'sbp', 'account']::text[], '#005BFF', 5),
	('raiffeisen', 'RUB', 'Raiffeisenbank', 'Райффайзенбанк', ARRAY['card', 'sbp', 'account']::text[], '#FEE600', 6),
	('gazprombank', 'RUB', 'Gazprombank', 'Газпромбанк', ARRAY['card', 'sbp', 'account']::text[], '#003E7E', 7),
	('sovcombank', 'RUB', 'Sovcombank', 'Совкомбанк', ARRAY['card', 'sbp', 'account']::text[], '#E63E31', 8),
	('kaspi', 'KZT', 'Kaspi Bank', 'Kaspi Bank', ARRAY['card']::text[], '#F14635', 9),
	('halyk', 'KZT', 'Halyk Bank', 'Halyk Bank', ARRAY['card']::text[], '#00805F', 10),
	('jusan', 'KZT', 'Jusan Bank', 'Jusan Bank', ARRAY['card']::text[], '#E67E22', 11),
	('uzcard', 'UZS', 'Uzcard', 'Uzcard', ARRAY['card']::text[], '#1E3A8A', 12),
	('humo', 'UZS', 'Humo', 'Humo', ARRAY['card']::text[], '#0F766E', 13),
	('kapitalbank_uz', 'UZS', 'Kapitalbank', 'Капиталбанк', ARRAY['card']::text[], '#B91C1C', 14),
	('kapital_az', 'AZN', 'Kapital Bank', 'Kapital Bank', ARRAY['card']::text[], '#D2232A', 15),
	('abb', 'AZN', 'ABB', 'ABB', ARRAY['card']::text[], '#0033A0', 16),
	('leobank', 'AZN', 'Leobank', 'Leobank', ARRAY['card']::text[], '#111827', 17),
	('ziraat', 'TRY', 'Ziraat Bankası', 'Ziraat Bankası', ARRAY['card']::text[], '#E30A17', 18),
	('garanti', 'TRY', 'Garanti BBVA', 'Garanti BBVA', ARRAY['card']::text[], '#00A650', 19),
	('akbank', 'TRY', 'Akbank', 'Akbank', ARRAY['card']::text[], '#DC0005', 20),
	('papara', 'TRY', 'Papara', 'Papara', ARRAY['card']::text[], '#6C2BD9', 21);
