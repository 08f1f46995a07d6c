// TransitionEngine: see docs/architecture.md.
