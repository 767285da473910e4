public import PlaceCore
import PlaceStore

extension PlacesService {
    /// Amsterdam's centre: where searches start when nothing else is given, as the original app did.
    public static let amsterdam = Coordinate(52.370216, 4.895168)

    /// The position `input` gives, else the saved centre, else `center` in the config file, else
    /// Amsterdam's centre (said as a notice).
    /// - Parameters:
    ///   - parameter: the input's name for messages (`near`, `from`, `to`).
    ///   - offline: look a name up in the imported names only: no geocoder, no recordings.
    public func position(_ input: PositionInput?, parameter: String = "near", offline: Bool = false) async throws(PlacesError) -> ResolvedPosition {
        switch input {
        case .coordinate(let coordinate):
            return ResolvedPosition(coordinate: coordinate, origin: .given)
        case .name(let name):
            do {
                return try await resolve(name: name, parameter: parameter, offline: offline)
            } catch {
                await sayWhereAnswersCameFrom()
                throw error
            }
        case nil:
            return try defaultCentre(parameter: parameter)
        }
    }

    /// The saved centre, else the config's, else Amsterdam's.
    public func defaultCentre(parameter: String = "near") throws(PlacesError) -> ResolvedPosition {
        if let saved = try savedCentre() { return saved }
        if let configured = try settings.config.value("center") {
            do {
                return ResolvedPosition(coordinate: try Coordinate(parsing: configured), origin: .configuredCentre(file: settings.config.displayName))
            } catch {
                throw PlacesError(.configuration, "center in \(settings.config.displayName): \(error.description)")
            }
        }
        notices.say(
            "no \(wording.parameter(parameter)) given; using Amsterdam's centre \(Self.amsterdamText) (change it with 'places config set center LAT,LON')"
        )
        return ResolvedPosition(coordinate: Self.amsterdam, origin: .defaultCentre)
    }

    /// `52.370216,4.895168`, as the default centre is written.
    public static let amsterdamText = "52.370216,4.895168"

    /// The centre saved in the store, if any.
    func savedCentre() throws(PlacesError) -> ResolvedPosition? {
        guard let opened = try store.reading(), let saved = try StoreAccess.run({ () throws(StoreError) in try opened.setting("center") }) else {
            return nil
        }
        do {
            return ResolvedPosition(coordinate: try Coordinate(parsing: saved), origin: .savedCentre(store: store.path))
        } catch {
            throw PlacesError(
                .badData, "the centre saved in \(store.path) is broken (\(error.description))",
                remedy: Remedy(.setSetting(key: "center", example: Self.amsterdamText)))
        }
    }
}
