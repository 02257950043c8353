-- The player directory: FIDE's players list, loaded by `arbiter ratings load`, shared by
-- every server process. A table, not events: each load replaces it whole (a new table
-- swapped in at the end, events/directory_postgres.py), and registrations copy what they
-- use into events. The same columns as migrations/sqlite/0005_player_directory.sql.

CREATE TABLE player_directory (
    fide_id bigint PRIMARY KEY,
    name text NOT NULL,
    -- the name folded for prefix search (events/directory.py); "C" so that a prefix is a
    -- range of the index in code point order, as in SQLite, whatever the database's locale
    name_key text COLLATE "C" NOT NULL,
    federation text NOT NULL DEFAULT '',
    sex text NOT NULL DEFAULT '',
    title text NOT NULL DEFAULT '',
    women_title text NOT NULL DEFAULT '',
    other_titles text NOT NULL DEFAULT '',
    standard integer,
    rapid integer,
    blitz integer,
    birth_year integer,
    flag text NOT NULL DEFAULT ''
);

CREATE INDEX player_directory_name ON player_directory (name_key);

-- Which list the directory holds: one row once a list is loaded.
CREATE TABLE player_directory_list (
    id integer PRIMARY KEY CHECK (id = 1),
    month text NOT NULL,
    source text NOT NULL,
    players integer NOT NULL,
    encoding text NOT NULL,
    -- ISO 8601 with its offset, as the SQLite table keeps it
    loaded_at text NOT NULL
);
