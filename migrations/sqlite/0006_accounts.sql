-- Named accounts, their roles per tournament, their API tokens, the browser sessions and the
-- failed sign-ins. Reference data beside the events, like the player directory: who may
-- write is not part of any tournament's history (each event names its actor in metadata),
-- and an account, a token or a session must be found, changed and ended at once on every
-- server process, which a row in the shared database gives. Times are Unix seconds (UTC).
-- Secrets are never stored: passwords as argon2id hashes, tokens and session ids as SHA-256.

CREATE TABLE accounts (
    account_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    administrator INTEGER NOT NULL DEFAULT 0 CHECK (administrator IN (0, 1)),
    disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    created_at INTEGER NOT NULL
);

-- The role an account holds in one tournament (administrators hold every role everywhere).
CREATE TABLE grants (
    account_id INTEGER NOT NULL REFERENCES accounts (account_id),
    tournament_id TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('chief', 'deputy')),
    granted_by TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, tournament_id)
);

-- Tokens an account issued to programs: its rights at most, narrowed to some tournaments
-- ('' for all of the account's) and to a role, until it expires or is revoked.
CREATE TABLE api_tokens (
    token_id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (account_id),
    token_sha256 TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL DEFAULT '',
    tournaments TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL CHECK (role IN ('administrator', 'chief', 'deputy')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
);

-- Browser sessions: opened by an account's password (account_id) or by the server token
-- (server_token_sha256: rotating the token ends them).
CREATE TABLE sessions (
    session_sha256 TEXT PRIMARY KEY,
    account_id INTEGER REFERENCES accounts (account_id),
    server_token_sha256 TEXT NOT NULL DEFAULT '',
    csrf TEXT NOT NULL,
    flash TEXT NOT NULL DEFAULT '[]',
    address TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);

-- Failed sign-ins and wrong tokens, by what they count against ("address:…", "account:…",
-- "all"), so every server process on the database counts the same guesses.
CREATE TABLE auth_failures (
    counted TEXT NOT NULL,
    at REAL NOT NULL
);

CREATE INDEX auth_failures_counted ON auth_failures (counted, at);
