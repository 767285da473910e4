#include "CTimeZoneMap.h"

#include <pthread.h>
#include <stdlib.h>
#include <zlib.h>

// `#embed` is C23; clang (Swift 6.1 and later) reads it in every C mode.
#pragma clang diagnostic ignored "-Wc23-extensions"

// The table as Scripts/make-time-zone-map.py writes it, gzip-compressed: 0.37 MB in the
// repository and the binary instead of 2.5 MB, inflated once, on first use.
static const uint8_t compressed[] = {
#embed "time-zones.bin.gz"
};

static uint8_t *table = NULL;
static size_t table_count = 0;
static pthread_once_t inflated = PTHREAD_ONCE_INIT;

static void inflate_table(void) {
    // gzip keeps the inflated size, modulo 2^32, in its last four bytes (little-endian).
    size_t n = sizeof(compressed);
    if (n < 18) return;
    size_t size = (size_t)compressed[n - 4] | (size_t)compressed[n - 3] << 8 | (size_t)compressed[n - 2] << 16 |
                  (size_t)compressed[n - 1] << 24;
    uint8_t *bytes = malloc(size > 0 ? size : 1);
    if (bytes == NULL) return;
    z_stream stream = {0};
    stream.next_in = (Bytef *)compressed;
    stream.avail_in = (uInt)n;
    stream.next_out = bytes;
    stream.avail_out = (uInt)size;
    // 16 + MAX_WBITS: a gzip header and trailer around the deflate stream.
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {
        free(bytes);
        return;
    }
    int status = inflate(&stream, Z_FINISH);
    size_t produced = stream.total_out;
    inflateEnd(&stream);
    if (status != Z_STREAM_END || produced != size) {
        free(bytes);
        return;
    }
    table = bytes;
    table_count = size;
}

const uint8_t *places_time_zone_map_bytes(void) {
    pthread_once(&inflated, inflate_table);
    return table;
}

size_t places_time_zone_map_count(void) {
    pthread_once(&inflated, inflate_table);
    return table_count;
}

uint32_t places_time_zone_map_adler32(const uint8_t *bytes, size_t count) {
    uint32_t a = 1, b = 0;
    while (count > 0) {
        // 5552 bytes is the most that keeps b below 2^32 before the modulo (zlib's NMAX).
        size_t chunk = count < 5552 ? count : 5552;
        count -= chunk;
        while (chunk-- > 0) {
            a += *bytes++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return (b << 16) | a;
}
