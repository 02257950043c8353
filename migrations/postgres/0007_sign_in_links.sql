-- The same table as migrations/sqlite/0007_sign_in_links.sql. One-time sign-in links: an
-- administrator gives one to a new account (or to one whose owner forgot the password); its
-- page sets the password. Only the SHA-256 of the link's secret is kept; it expires soon
-- and is used at most once (used_at set in the same statement that checks it, so two
-- processes cannot both redeem it).

CREATE TABLE sign_in_links (
    link_sha256 text PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (account_id),
    created_by text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint
);

CREATE INDEX sign_in_links_account ON sign_in_links (account_id);
