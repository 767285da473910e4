public import PlaceCore

/// The embedded store's imports meet the shared contract with their plain methods.
extension SQLitePlaceStore: SharedImportStore {}
