// The time-zone map (time-zones.bin beside this folder's source), embedded in the binary at build
// time, so that a copied or installed `places` needs no resource file. PlaceSearch's TimeZoneMap
// reads it in place.
#ifndef C_TIME_ZONE_MAP_H
#define C_TIME_ZONE_MAP_H

#include <stddef.h>
#include <stdint.h>

/// The first byte of the embedded table.
const uint8_t *places_time_zone_map_bytes(void);

/// How many bytes the embedded table has.
size_t places_time_zone_map_count(void);

/// Adler-32 of `count` bytes (zlib's checksum), in C so that a debug build checks the table as fast
/// as a release build.
uint32_t places_time_zone_map_adler32(const uint8_t *bytes, size_t count);

#endif
