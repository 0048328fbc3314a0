// The kernel's key ring (Debian's libkeyutils-dev), linked statically by the package
// (Package.swift): an unlocked journal's key is kept there, never on disk.
#include <keyutils.h>
#include <sys/prctl.h>

// A process that holds a journal's key leaves no core dump (prctl is variadic: Swift cannot call it).
static inline int ckeyutils_no_core_dumps(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}
