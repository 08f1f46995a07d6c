// TransitionDaemon: see docs/architecture.md.
