// TransitionControl: see docs/architecture.md.
