// libarchive from Debian's libarchive-dev: the zip reader (fuzzed upstream in OSS-Fuzz) behind
// AppSupport's ZipReader.
#include <archive.h>
#include <archive_entry.h>
