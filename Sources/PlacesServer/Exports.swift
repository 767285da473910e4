// The two stores a server runs on, which a host opens and hands to ``buildApplication``: the
// embedded one (accounts and tokens, favourites and points of a single instance) and the shared
// PostgreSQL database of several instances. Re-exported one by one, so that places-server (and a
// host) imports PlacesServer and PlacesKit alone.
@_exported public import class PlaceStore.SQLitePlaceStore
@_exported public import class PlaceStorePostgres.PostgresStore
@_exported public import struct PlaceStorePostgres.PostgresLocation
