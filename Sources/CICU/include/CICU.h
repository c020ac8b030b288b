// The few ICU collation functions Scriptorium needs, from the ICU that ships inside the Swift
// toolchain (lib_FoundationICU, whose symbols carry the suffix _4_0). Declared here because the
// toolchain installs the library without its headers.
#include <stdint.h>

typedef struct UCollator UCollator;

UCollator *ucol_open_4_0(const char *locale, int *status);
void ucol_close_4_0(UCollator *collator);
int32_t ucol_getSortKey_4_0(const UCollator *collator, const uint16_t *source, int32_t sourceLength,
                            uint8_t *result, int32_t resultLength);
