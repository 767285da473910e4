// The system zlib and libbz2, for OSM PBF blobs (zlib) and .osm.gz / .osm.bz2 files.
#include <zlib.h>
#include <bzlib.h>
