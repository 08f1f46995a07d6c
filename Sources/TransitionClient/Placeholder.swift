// TransitionClient: see docs/architecture.md.
