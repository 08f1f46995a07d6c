#if canImport(Glibc)
    import Glibc
#endif

#if DEBUG
    /// A fault hook of debug builds, for the end-to-end test of the watchdog: `SIGUSR2` to the daemon
    /// stalls the display link's timing thread until the process ends (`DisplayLink.stallForTesting`),
    /// while every other thread goes on. With something animating, the health check then sees a clock
    /// that should tick and does not, the `WATCHDOG=1` pings stop, and systemd restarts the service
    /// (`WatchdogSec=`). Release builds have no such hook.
    enum ClockStallFault {
        /// The signal that asks for the stall.
        static let trigger = SignalListener.Signal(number: SIGUSR2)
    }
#endif
