// Varlink: see docs/architecture.md.
