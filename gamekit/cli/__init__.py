"""The command line of any game: its harness, options, subcommands and prompt."""
