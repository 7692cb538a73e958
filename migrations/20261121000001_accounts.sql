-- Player accounts. Usernames are unique ignoring case.
CREATE TABLE accounts (
    id            uuid        PRIMARY KEY,
    username      text        NOT NULL,
    password_hash text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT accounts_username_key UNIQUE (username)
);
CREATE UNIQUE INDEX accounts_username_lower_key ON accounts (lower(username));
