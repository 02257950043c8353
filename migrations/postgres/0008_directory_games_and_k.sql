-- The FIDE list's games in the period and K factor of each time control (#34): `ratings load`
-- keeps them, and a registration or rating update copies the K into its events.
ALTER TABLE player_directory ADD COLUMN standard_games integer;
ALTER TABLE player_directory ADD COLUMN standard_k integer;
ALTER TABLE player_directory ADD COLUMN rapid_games integer;
ALTER TABLE player_directory ADD COLUMN rapid_k integer;
ALTER TABLE player_directory ADD COLUMN blitz_games integer;
ALTER TABLE player_directory ADD COLUMN blitz_k integer;
