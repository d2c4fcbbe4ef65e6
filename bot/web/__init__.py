"""The web board: the table and a seat's turn in a browser (or Discord's Activity frame),
served by the bot's own process, reaching matches only through the host like `bot.ui`.

`server` builds and runs the aiohttp application (only when `LUTECE_PUBLIC_URL`,
`LUTECE_WEB_PORT` and `LUTECE_WEB_SECRET` are set); `tokens` signs and reads the links and
`links` makes a user's; `access` turns a request into a checked reader; `seen` makes a
reader's screen (JSON, from the panel's own turn model `bot.ui.screens`) and picture; `api`
and `live` are the routes; `guards` the headers, origin checks and rate limits; `tour` the
offline demo's visit. The page itself is `static/` (plain JS and CSS, no build step).

Seams for the Discord Activity: `Board.guards.allow_origin` (its discordsays.com origin),
`Board.tokens` (a pass for the user its OAuth names), `Board.routes` (its own routes). The
Activity (`activity`, `discord_oauth`, `bundle`, `static/activity/`) signs a Discord user in
with the Embedded App SDK and opens their board.
"""
