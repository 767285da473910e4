import PlaceSearch
import PlaceStore

/// Where a search starts when no `--near` is given: the centre saved with `places config set
/// center`, else `center` in the config file, else Amsterdam's centre (as the original app did).
enum DefaultCentre {
    static let amsterdam = "52.370216,4.895168"

    /// - Parameter option: the option's name for the message (`--near`, `--from`).
    static func resolve(near: String?, storeOption: String?, config: ConfigFile, option: String = "--near") throws -> Coordinate {
        if let near { return try Coordinate(parsing: near) }
        let access = try StoreAccess(option: storeOption)
        if let store = try access.reading(), let saved = try StoreAccess.run({ () throws(StoreError) in try store.setting("center") }) {
            do {
                return try Coordinate(parsing: saved)
            } catch {
                throw CLIError("the centre saved in \(access.location.path) is broken (\(error.description)); set it again with 'places config set center LAT,LON'", status: .data)
            }
        }
        if let configured = config.value("center") {
            do {
                return try Coordinate(parsing: configured)
            } catch {
                throw CLIError("center in \(config.path ?? "the config file"): \(error.description)", status: .config)
            }
        }
        StandardError.line("places: no \(option) given; using Amsterdam's centre \(amsterdam) (change it with 'places config set center LAT,LON')")
        return try Coordinate(parsing: amsterdam)
    }
}
