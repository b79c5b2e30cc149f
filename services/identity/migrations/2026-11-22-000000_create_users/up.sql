-- Admin-side accounts. A deleted account keeps its row (deleted_at set) so that ids
-- recorded elsewhere stay meaningful; every query excludes deleted rows, and the user
-- name becomes free again.
CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_name text NOT NULL,
    full_name text NOT NULL,
    email text,
    password_hash text NOT NULL,
    role text NOT NULL CHECK (role IN ('admin', 'staff')),
    is_active boolean NOT NULL DEFAULT true,
    -- The session version carried as `ver` in access tokens; bumped to revoke them.
    token_version bigint NOT NULL DEFAULT 1,
    last_login_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
);

-- User names are unique case-insensitively among live accounts.
CREATE UNIQUE INDEX users_user_name_key ON users (lower(user_name)) WHERE deleted_at IS NULL;
CREATE INDEX users_created_at_idx ON users (created_at) WHERE deleted_at IS NULL;
CREATE INDEX users_active_admins_idx ON users (id)
    WHERE role = 'admin' AND is_active AND deleted_at IS NULL;
