"""`python -m bot [command]`: with no command, run the Discord bot (or the offline demo)."""

from bot.cli.main import main

raise SystemExit(main())
