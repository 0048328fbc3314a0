import DaybookShell

#if canImport(Glibc)
    import Glibc
#endif

exit(DaybookMain.run(CommandLine.arguments))
