"""Pure rule engines for the four Lutèce games; no Discord, no I/O, no asyncio."""
