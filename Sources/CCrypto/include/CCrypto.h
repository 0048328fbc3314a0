#ifndef DAYBOOK_CCRYPTO_H
#define DAYBOOK_CCRYPTO_H

/// Loads libcrypto (OpenSSL 3, Debian's libssl3) for SQLCipher, once; true when it is there.
/// Plain journals never call it, so they never load libcrypto: every start stays as small as
/// it was before SQLCipher became the engine.
int daybook_crypto_available(void);

#endif
