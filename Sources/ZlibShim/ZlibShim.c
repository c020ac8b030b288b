#include "ZlibShim.h"
#include <limits.h>
#include <stdlib.h>
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

long czlib_gunzip(const uint8_t *input, size_t input_length, size_t limit, uint8_t **output) {
  *output = NULL;
  if (input_length > UINT_MAX || limit >= (size_t)LONG_MAX) return -1;
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  // 15 bits of window, plus 16: a gzip header and trailer, and nothing else.
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return -3;
  stream.next_in = (Bytef *)input;
  stream.avail_in = (uInt)input_length;
  // One byte past the limit: a stream that fills it has inflated to more than the limit.
  size_t most = limit + 1;
  size_t capacity = input_length < most / 4 ? (input_length * 4 < 4096 ? 4096 : input_length * 4) : most;
  if (capacity > most) capacity = most;
  uint8_t *buffer = malloc(capacity);
  size_t written = 0;
  long result = -3;
  while (buffer != NULL) {
    if (written == capacity) {
      // Never full at `most`: that is over the limit, which ends the loop below.
      size_t grown = capacity > most / 2 ? most : capacity * 2;
      uint8_t *larger = realloc(buffer, grown);
      if (larger == NULL) break;
      buffer = larger;
      capacity = grown;
    }
    size_t room = capacity - written > UINT_MAX ? UINT_MAX : capacity - written;
    stream.next_out = buffer + written;
    stream.avail_out = (uInt)room;
    int status = inflate(&stream, Z_NO_FLUSH);
    written += room - stream.avail_out;
    if (written > limit) {
      result = -2;
      break;
    }
    if (status == Z_STREAM_END) {
      // Bytes after the stream (another member, or anything else) are not taken.
      result = stream.avail_in == 0 ? (long)written : -1;
      break;
    }
    if (status == Z_MEM_ERROR) break;
    // Z_BUF_ERROR with room left: the input ended before the stream did.
    if (status != Z_OK && !(status == Z_BUF_ERROR && stream.avail_out == 0)) {
      result = -1;
      break;
    }
  }
  inflateEnd(&stream);
  if (result >= 0) {
    *output = buffer;
  } else {
    free(buffer);
  }
  return result;
}

void czlib_free(uint8_t *buffer) { free(buffer); }

size_t czlib_compress_bound(size_t input_length) { return (size_t)compressBound((uLong)input_length); }
