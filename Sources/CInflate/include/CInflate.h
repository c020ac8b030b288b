// One zlib call Lexikon needs: inflating a raw deflate chunk (a dictzip chunk) in one go.
#include <stddef.h>
#include <stdint.h>

/// Inflates `input` (raw deflate, no header) into `output`; returns the bytes written, or -1 if the
/// data is not valid deflate or does not fit.
long czlib_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity);
