#include "CICU.h"
#include <string.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
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

int32_t scriptorium_display_name(const char *tag, const char *in_tag, uint16_t *result, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  char locale[ULOC_FULLNAME_CAPACITY], in_locale[ULOC_FULLNAME_CAPACITY];
  uloc_forLanguageTag(tag, locale, sizeof locale, NULL, &status);
  uloc_forLanguageTag(in_tag, in_locale, sizeof in_locale, NULL, &status);
  if (U_FAILURE(status)) return -1;
  int32_t length = uloc_getDisplayName(locale, in_locale, (UChar *)result, capacity, &status);
  return U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR ? -1 : length;
}

int32_t scriptorium_locale_count(void) { return uloc_countAvailable(); }

int32_t scriptorium_locale_tag(int32_t index, char *result, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = uloc_toLanguageTag(uloc_getAvailable(index), result, capacity, 0, &status);
  return U_FAILURE(status) ? -1 : length;
}

int32_t scriptorium_canonical_tag(const char *tag, char *result, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  char locale[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  uloc_forLanguageTag(tag, locale, sizeof locale, &parsed, &status);
  if (U_FAILURE(status) || parsed != (int32_t)strlen(tag) || locale[0] == 0) return -1;
  int32_t length = uloc_toLanguageTag(locale, result, capacity, 1, &status);
  return U_FAILURE(status) ? -1 : length;
}

int32_t scriptorium_nfc(const uint16_t *text, int32_t length, uint16_t *result, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
  if (U_FAILURE(status)) return -1;
  int32_t needed = unorm2_normalize(nfc, (const UChar *)text, length, (UChar *)result, capacity, &status);
  return U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR ? -1 : needed;
}
