// libsodium (Debian's libsodium-dev), linked statically by the package (Package.swift), so that
// the binary needs no libsodium at run time and one-shot commands load no further library.
#include <sodium.h>
