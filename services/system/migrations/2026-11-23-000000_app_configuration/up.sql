-- The shop's settings: exactly one row (id = 1), seeded with the defaults below.
-- Lengths are checked again here as a last line of defence; the service validates
-- every field (and explains what is wrong) before it writes.
CREATE TABLE app_configuration (
    id             smallint    PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    shop_name      text        NOT NULL DEFAULT 'Cửa hàng mã số'
                               CHECK (char_length(shop_name) BETWEEN 1 AND 100),
    shop_tagline   text        NOT NULL DEFAULT ''
                               CHECK (char_length(shop_tagline) <= 200),
    logo_url       text        CHECK (char_length(logo_url) <= 2048),
    social_url     text        CHECK (char_length(social_url) <= 2048),
    footer_note    text        NOT NULL DEFAULT ''
                               CHECK (char_length(footer_note) <= 500),
    contact_email  text        CHECK (char_length(contact_email) <= 254),
    contact_phone  text        CHECK (char_length(contact_phone) BETWEEN 6 AND 20),
    analytics_id   text        CHECK (char_length(analytics_id) BETWEEN 1 AND 50),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    -- Who saved last (user name and id at the time); NULL until the first save.
    updated_by     text,
    updated_by_id  uuid
);

INSERT INTO app_configuration (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
