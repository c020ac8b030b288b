// The few ICU collation calls Phrasebook needs, wrapped so that no ICU type appears here: the
// toolchain's Foundation carries its own private ICU, whose headers would clash with Debian's.
// The implementation (CICU.c) uses Debian's libicu-dev, whose symbols are public and versioned.
#include <stdint.h>

/// A collator for a locale (`sv`, `cy`, `` for the root), or NULL when ICU has none.
void *scriptorium_collator_open(const char *locale);
void scriptorium_collator_close(void *collator);
/// ICU's sort key of UTF-16 `text` into `result`; returns the length it needs (with its final 0).
int32_t scriptorium_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *result,
                                      int32_t capacity);
/// The running ICU's version as text (`72.1`), into a buffer of at least 20 bytes.
void scriptorium_icu_version(char *buffer);
