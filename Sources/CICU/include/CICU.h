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
/// The name of the language a BCP 47 `tag` names (`cy` → "Welsh"), in the language `in_tag` names
/// ("Cymraeg" in `cy`), as UTF-16 into `result`; returns its length, or -1 for a tag ICU cannot read.
int32_t scriptorium_display_name(const char *tag, const char *in_tag, uint16_t *result, int32_t capacity);
/// How many locales ICU has data for.
int32_t scriptorium_locale_count(void);
/// The BCP 47 tag of ICU's `index`-th locale into `result`; returns its length, or -1.
int32_t scriptorium_locale_tag(int32_t index, char *result, int32_t capacity);
/// `tag` as a well-formed BCP 47 tag (`EN-gb` → `en-GB`) into `result`; -1 when it is not one.
int32_t scriptorium_canonical_tag(const char *tag, char *result, int32_t capacity);
/// UTF-16 `text` in Unicode Normalization Form C, by ICU's normalizer, into `result`; returns the
/// length it needs (more than `capacity`: call again with room for it), or -1 when ICU fails.
int32_t scriptorium_nfc(const uint16_t *text, int32_t length, uint16_t *result, int32_t capacity);
