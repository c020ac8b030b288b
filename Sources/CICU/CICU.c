#include "CICU.h"
#include <unicode/ucol.h>
#include <unicode/uversion.h>

void *scriptorium_collator_open(const char *locale) {
  UErrorCode status = U_ZERO_ERROR;
  UCollator *collator = ucol_open(locale, &status);
  if (U_FAILURE(status)) {
    if (collator) ucol_close(collator);
    return NULL;
  }
  return collator;
}

void scriptorium_collator_close(void *collator) { ucol_close((UCollator *)collator); }

int32_t scriptorium_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *result,
                                      int32_t capacity) {
  return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, result, capacity);
}

void scriptorium_icu_version(char *buffer) {
  UVersionInfo version;
  u_getVersion(version);
  u_versionToString(version, buffer);
}
