"""Rule examples of any game: ``why`` an action is legal or not, by its clause."""
