-- The player directory: FIDE's players list, loaded by `arbiter ratings load`. A table, not
-- events: each load replaces it whole, and registrations copy what they use into events.

CREATE TABLE player_directory (
    fide_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    -- the name folded for prefix search: lower case, no accents, no commas (events/directory.py)
    name_key TEXT NOT NULL,
    federation TEXT NOT NULL DEFAULT '',
    sex TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    women_title TEXT NOT NULL DEFAULT '',
    other_titles TEXT NOT NULL DEFAULT '',
    standard INTEGER,
    rapid INTEGER,
    blitz INTEGER,
    birth_year INTEGER,
    flag TEXT NOT NULL DEFAULT ''
);

CREATE INDEX player_directory_name ON player_directory (name_key);

-- Which list the directory holds: one row once a list is loaded.
CREATE TABLE player_directory_list (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    month TEXT NOT NULL,
    source TEXT NOT NULL,
    players INTEGER NOT NULL,
    encoding TEXT NOT NULL,
    loaded_at TEXT NOT NULL
);
