"""Paris: La Cité de la Lumière (José Antonio Abascal): the rules engine."""
