-- Notifications: the settings (one row), each event once (its id is the emitter's outbox
-- row id, so a replayed Enqueue inserts nothing), and one delivery per channel and
-- recipient, sent by the worker of any replica.

CREATE TABLE notification_settings (
    id                      smallint    PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    -- Empty: SMTP_URL and MAIL_FROM from the environment apply.
    smtp_host               text        NOT NULL DEFAULT '' CHECK (char_length(smtp_host) <= 253),
    smtp_port               integer     NOT NULL DEFAULT 587 CHECK (smtp_port BETWEEN 1 AND 65535),
    smtp_security           text        NOT NULL DEFAULT 'starttls'
                                        CHECK (smtp_security IN ('none', 'starttls', 'tls')),
    smtp_user_name          text        NOT NULL DEFAULT '' CHECK (char_length(smtp_user_name) <= 254),
    -- AES-256-GCM under SYSTEM_SECRET_KEY; both NULL when no password is stored.
    smtp_password_nonce     bytea,
    smtp_password_sealed    bytea,
    mail_from               text        NOT NULL DEFAULT '' CHECK (char_length(mail_from) <= 320),
    mail_reply_to           text        CHECK (char_length(mail_reply_to) <= 254),
    seller_emails           text[]      NOT NULL DEFAULT '{}' CHECK (cardinality(seller_emails) <= 10),
    telegram_token_nonce    bytea,
    telegram_token_sealed   bytea,
    telegram_chat_id        text        NOT NULL DEFAULT '' CHECK (char_length(telegram_chat_id) <= 64),
    -- Each event on or off: {"orderPlaced": true, ...}; a missing key takes its default.
    events                  jsonb       NOT NULL DEFAULT '{}',
    updated_at              timestamptz NOT NULL DEFAULT now(),
    updated_by              text,
    updated_by_id           uuid,
    CHECK ((smtp_password_nonce IS NULL) = (smtp_password_sealed IS NULL)),
    CHECK ((telegram_token_nonce IS NULL) = (telegram_token_sealed IS NULL))
);

INSERT INTO notification_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING;

CREATE TABLE notification_events (
    id              uuid        PRIMARY KEY,
    event           text        NOT NULL CHECK (char_length(event) <= 40),
    order_code      text        CHECK (char_length(order_code) <= 20),
    recipient_email text        CHECK (char_length(recipient_email) <= 254),
    data            jsonb       NOT NULL DEFAULT '{}',
    -- The shopper's order link (it holds an access token), sealed under SYSTEM_SECRET_KEY
    -- and bound to the event id; erased once every shopper e-mail of the event is sent.
    link_nonce      bytea,
    link_sealed     bytea,
    occurred_at     timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CHECK ((link_nonce IS NULL) = (link_sealed IS NULL))
);

CREATE INDEX notification_events_order_code ON notification_events (order_code)
    WHERE order_code IS NOT NULL;

CREATE TABLE notification_deliveries (
    id               uuid        PRIMARY KEY,
    event_id         uuid        NOT NULL REFERENCES notification_events (id) ON DELETE CASCADE,
    channel          text        NOT NULL CHECK (channel IN ('email', 'telegram')),
    audience         text        NOT NULL CHECK (audience IN ('shopper', 'seller')),
    recipient        text        NOT NULL CHECK (char_length(recipient) <= 254),
    status           text        NOT NULL DEFAULT 'pending'
                                 CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    -- Claims so far (a claim is an attempt, even one cut short by a crash).
    attempts         integer     NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    -- While `sending`: the claiming replica's until then; afterwards anyone may claim.
    lease_until      timestamptz,
    -- The retry window (NOTIFY_RETRY_FOR_SECONDS) counts from here; Resend restarts it.
    first_attempt_at timestamptz,
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    sent_at          timestamptz,
    UNIQUE (event_id, channel, audience, recipient)
);

-- The worker's claim: due pending rows, and sending rows whose lease ran out.
CREATE INDEX notification_deliveries_due ON notification_deliveries (next_attempt_at)
    WHERE status = 'pending';
CREATE INDEX notification_deliveries_leased ON notification_deliveries (lease_until)
    WHERE status = 'sending';
-- The back office's list: newest first, by status.
CREATE INDEX notification_deliveries_created ON notification_deliveries (created_at DESC);
CREATE INDEX notification_deliveries_status ON notification_deliveries (status, created_at DESC);
