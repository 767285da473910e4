#include "CTimeZoneMap.h"

// `#embed` is C23; clang (Swift 6.1 and later) reads it in every C mode.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const uint8_t table[] = {
#embed "time-zones.bin"
};

const uint8_t *places_time_zone_map_bytes(void) { return table; }

size_t places_time_zone_map_count(void) { return sizeof(table); }

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
