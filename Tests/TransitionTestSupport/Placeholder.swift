// Shared test helpers: see docs/testing.md.
