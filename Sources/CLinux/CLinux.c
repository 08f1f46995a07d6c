// Intentionally empty: CLinux is header-only; SwiftPM needs one source file.
