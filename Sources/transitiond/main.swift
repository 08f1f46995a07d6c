import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

// Synchronous on purpose: the daemon's main thread waits for the stop signal itself.
exit(DaemonProgram.run(arguments: Array(CommandLine.arguments.dropFirst())))
