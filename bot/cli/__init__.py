"""The command line: run | demo | simulate | replay | export | bench."""
