// TransitionCore: see docs/architecture.md.
