// The zlib calls Scriptorium needs: inflating a raw deflate chunk (Lexikon's dictzip chunks),
// compressing a buffer as a zlib stream (ShareSynch's generated PNG pictures) and as gzip (the
// servers' responses, a device's pushes to its hub), and inflating gzip (the hub's requests).
#include <stddef.h>
#include <stdint.h>

/// Inflates `input` (raw deflate, no header) into `output`; returns the bytes written, or -1 if the
/// data is not valid deflate or does not fit.
long czlib_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity);

/// Compresses `input` as a zlib stream (header and Adler-32 included) into `output`; returns the
/// bytes written, or -1 if it does not fit (`output_capacity` of compressBound(input) always does).
long czlib_compress(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity);

/// Compresses `input` as gzip (header and CRC-32 included) at `level` (1 fastest to 9 smallest)
/// into `output`; returns the bytes written, or -1 if it does not fit.
long czlib_gzip(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity, int level);

/// Inflates `input`, which must be one whole gzip stream and nothing after it, into a buffer it
/// allocates and grows up to `limit` bytes. Returns the inflated length and sets `*output` to the
/// buffer (the caller frees it with `czlib_free`); or -1 if `input` is not a whole gzip stream, -2 if
/// it inflates to more than `limit` bytes, -3 if memory ran out (then `*output` is NULL).
long czlib_gunzip(const uint8_t *input, size_t input_length, size_t limit, uint8_t **output);

/// Frees a buffer `czlib_gunzip` returned.
void czlib_free(uint8_t *buffer);

/// The largest size `czlib_compress` can produce for `input_length` bytes.
size_t czlib_compress_bound(size_t input_length);
