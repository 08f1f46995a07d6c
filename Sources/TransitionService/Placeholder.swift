// TransitionService: see docs/architecture.md.
