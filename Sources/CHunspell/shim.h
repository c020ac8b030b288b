// Hunspell from Debian's libhunspell-dev: the stems and morphology of inflected words behind the
// Stemming target (a handle is not thread-safe; Stemming guards each one with a lock).
#include <hunspell.h>
