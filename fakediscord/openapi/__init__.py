"""Discord's published OpenAPI description of request bodies, and the check of every body
the bot sends against it (:func:`fakediscord.openapi.validator.check_body`)."""
