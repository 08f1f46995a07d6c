// JSON: see docs/architecture.md.
