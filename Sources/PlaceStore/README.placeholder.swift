// The SQLite implementation of PlaceSearch's store protocols arrives in the next commit.
