"""Rule examples of any game: ``why`` an action is legal or not, by its clause
(:mod:`.why`), and scenario files, read, run and reported (:mod:`.runner`, reading
their values with :mod:`.read`), the ``check`` command of both games."""
