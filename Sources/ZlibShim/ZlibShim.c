#include "ZlibShim.h"
#include <string.h>
#include <zlib.h>

long czlib_inflate_raw(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (inflateInit2(&stream, -15) != Z_OK) return -1;
  stream.next_in = (Bytef *)input;
  stream.avail_in = (uInt)input_length;
  stream.next_out = output;
  stream.avail_out = (uInt)output_capacity;
  int status = inflate(&stream, Z_SYNC_FLUSH);
  long written = (long)(output_capacity - stream.avail_out);
  inflateEnd(&stream);
  return (status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && stream.avail_in == 0)) ? written : -1;
}

long czlib_compress(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity) {
  uLongf written = (uLongf)output_capacity;
  if (compress2(output, &written, input, (uLong)input_length, 9) != Z_OK) return -1;
  return (long)written;
}

long czlib_gzip(const uint8_t *input, size_t input_length, uint8_t *output, size_t output_capacity, int level) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  // 15 bits of window, plus 16 for a gzip header and trailer instead of zlib's.
  if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
  stream.next_in = (Bytef *)input;
  stream.avail_in = (uInt)input_length;
  stream.next_out = output;
  stream.avail_out = (uInt)output_capacity;
  int status = deflate(&stream, Z_FINISH);
  long written = (long)(output_capacity - stream.avail_out);
  deflateEnd(&stream);
  return status == Z_STREAM_END ? written : -1;
}

size_t czlib_compress_bound(size_t input_length) { return (size_t)compressBound((uLong)input_length); }
