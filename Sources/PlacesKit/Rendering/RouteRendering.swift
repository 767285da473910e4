import PlaceBytes
extension RouteDocument {
    /// The route in `format`. The GeoJSON and GPX are what following a given route reads back.
    /// - Parameter explain: the table says where the walk joined the ways at each end.
    public func render(_ format: RouteFormat, style: TextStyle = .plain, explain: Bool = false) -> String {
        switch format {
        case .table: table(style, explain: explain)
        case .json: json().serialized(pretty: true) + "\n"
        case .ndjson: steps().map { $0.serialized() + "\n" }.joined()
        case .geojson: geojson().serialized(pretty: true) + "\n"
        case .gpx: gpx()
        }
    }

    /// The distance and time, then the steps as columns, then warnings and whose data it is.
    /// - Parameter explain: under the distance, where the walk joined the ways at each end.
    public func table(_ style: TextStyle, explain: Bool = false) -> String {
        let head =
            "\(Self.distanceText(route.distance)), \(Self.durationText(route.duration)) on foot"
            + (route.summary.map { " via \($0)" } ?? "") + "  (\(route.provider))"
        var text = (style.isMarked ? style.strong(head) : head) + "\n"
        if explain {
            let ends =
                [route.start.map { RouteEndText.line("start", $0) }, route.end.map { RouteEndText.line("end", $0) }]
                .compactMap { $0 }
            for line in ends.isEmpty ? ["\(route.provider) does not say where it placed the start and the end"] : ends {
                text += (style.isMarked ? style.faint(line) : line) + "\n"
            }
        }
        text += "\n"
        var table = TextTable([.init("#"), .init("Instruction", shrinks: true), .init("Distance"), .init("Time")])
        for (index, step) in route.steps.enumerated() {
            table.rows.append([
                "\(index + 1)", step.instruction, step.distance > 0 ? Self.distanceText(step.distance) : "",
                step.duration > 0 ? Self.durationText(step.duration) : "",
            ])
        }
        text += style.isMarked ? table.text(width: style.width, header: style.faint) { _, _, cell in cell } : table.text(width: style.width)
        for warning in route.warnings { text += "\n" + (style.isMarked ? style.caution(warning) : warning) }
        if let attribution = route.attribution { text += "\n" + (style.isMarked ? style.faint(attribution) : attribution) }
        return text + (route.warnings.isEmpty && route.attribution == nil ? "" : "\n")
    }
}
