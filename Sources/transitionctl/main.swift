import TransitionControl

#if canImport(Glibc)
    import Glibc
#endif

// transitionctl: the command line of transitiond. Everything lives in TransitionControl.
exit(await Transitionctl.main(arguments: Array(CommandLine.arguments.dropFirst())))
