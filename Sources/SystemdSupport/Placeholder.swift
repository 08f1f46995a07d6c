// SystemdSupport: see docs/architecture.md.
