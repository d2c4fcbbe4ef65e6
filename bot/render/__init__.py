"""Table pictures: one module per game turns a public view into PNG bytes."""
