"""The web board: the table and a seat's turn in a browser (or Discord's Activity frame),
served by the bot's own process, reaching matches only through the host like `bot.ui`.

`server` builds and runs the aiohttp application (only when `LUTECE_PUBLIC_URL`,
`LUTECE_WEB_PORT` and `LUTECE_WEB_SECRET` are set); `tokens` signs and checks the links;
`access` turns a request into a checked pass; `screens` makes a reader's screen as JSON;
`api` and `live` are the routes; `guards` the headers, origin checks and rate limits.
"""
