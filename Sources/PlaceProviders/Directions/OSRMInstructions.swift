import Foundation

/// English instruction text for an OSRM step, as Project OSRM's osrm-text-instructions (v5, `en`)
/// writes it from the manoeuvre's type and modifier and the step's name: "Head east on Dam",
/// "Turn right onto Damstraat", "Continue straight", "You have arrived at your destination".
enum OSRMInstructions {
    /// What the text is made from: the fields of one `RouteStep` of OSRM's answer.
    struct Step {
        var type: String
        var modifier: String?
        var bearingAfter: Double?
        var name: String = ""
        var ref: String?
        var destinations: String?
        var exits: String?
        var rotaryName: String?
        var exit: Int?
        var mode: String?
    }

    /// The phrase for each case; `{…}` tokens are filled in by ``text(for:legIndex:legCount:)``.
    struct Phrases {
        var plain: String
        var name: String?
        var destination: String?
        var exit: String?
        var exitDestination: String?

        init(
            _ plain: String, _ name: String? = nil, _ destination: String? = nil, exit: String? = nil,
            exitDestination: String? = nil
        ) {
            self.plain = plain
            self.name = name
            self.destination = destination
            self.exit = exit
            self.exitDestination = exitDestination
        }
    }

    static func text(for step: Step, legIndex: Int = 0, legCount: Int = 1) -> String {
        let type =
            table[step.type] != nil || ["arrive", "rotary", "roundabout"].contains(step.type) ? step.type : "turn"
        // osrm-text-instructions requires a modifier except on depart and arrive; read none as straight on.
        let modifier = step.modifier ?? (type == "depart" || type == "arrive" ? nil : "straight")
        let wayName = wayName(step)
        let phrases: Phrases
        if step.mode == "ferry" {
            phrases = Phrases("Take the ferry", "Take the ferry {way_name}", "Take the ferry towards {destination}")
        } else if type == "arrive" {
            let side =
                switch modifier {
                case "left", "sharp left", "slight left": ", on the left"
                case "right", "sharp right", "slight right": ", on the right"
                case "straight": ", straight ahead"
                default: ""
                }
            phrases = Phrases("You have arrived at your {nth} destination" + side)
        } else if type == "rotary" || type == "roundabout" {
            phrases = circle(named: type == "rotary" ? step.rotaryName : nil, exit: step.exit)
        } else {
            let forType = table[type] ?? [:]
            phrases = modifier.flatMap { forType[$0] } ?? forType["default"] ?? Phrases("Continue")
        }
        let template: String =
            if step.destinations != nil, step.exits != nil, let exitDestination = phrases.exitDestination {
                exitDestination
            } else if step.destinations != nil, let destination = phrases.destination {
                destination
            } else if step.exits != nil, let exit = phrases.exit {
                exit
            } else if !wayName.isEmpty, let name = phrases.name { name } else { phrases.plain }
        let isLastLeg = legIndex < 0 || legIndex == legCount - 1
        let replacements: [String: String] = [
            "way_name": wayName,
            "destination": first(of: step.destinations, separator: ","),
            "exit": first(of: step.exits, separator: ";"),
            "exit_number": ordinal(step.exit ?? 1),
            "rotary_name": step.rotaryName ?? "",
            "modifier": modifier.map { modifierWords[$0] ?? $0 } ?? "",
            "direction": step.bearingAfter.map(direction) ?? "",
            "nth": isLastLeg ? "" : ordinal(legIndex + 1),
        ]
        return fill(template, replacements)
    }

    /// "Damrak", "Rijksweg (A10)", or the ref alone, as osrm-text-instructions' getWayName.
    static func wayName(_ step: Step) -> String {
        var name = step.name
        let ref = first(of: step.ref, separator: ";")
        if let fullRef = step.ref, !fullRef.isEmpty {
            if name == fullRef { name = "" }
            name = name.replacingOccurrences(of: " (\(fullRef))", with: "")
        }
        if !name.isEmpty, !ref.isEmpty, name != ref { return "\(name) (\(ref))" }
        return name.isEmpty ? ref : name
    }

    /// The compass word for a bearing, in osrm-text-instructions' eight sectors.
    static func direction(_ bearing: Double) -> String {
        guard bearing.isFinite else { return "" }
        let degrees = bearing.truncatingRemainder(dividingBy: 360) + (bearing < 0 ? 360 : 0)
        switch degrees {
        case ...20: return "north"
        case ..<70: return "northeast"
        case ...110: return "east"
        case ..<160: return "southeast"
        case ...200: return "south"
        case ..<250: return "southwest"
        case ...290: return "west"
        case ..<340: return "northwest"
        default: return "north"
        }
    }

    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    // MARK: - Filling in

    private static func fill(_ template: String, _ replacements: [String: String]) -> String {
        var text = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let token = String(rest[rest.index(after: open)..<close])
            text += replacements[token] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        // An empty token leaves two spaces, or a space before a comma ("your  destination").
        let words = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let tidy = words.replacingOccurrences(of: " ,", with: ",")
        return tidy.prefix(1).uppercased() + tidy.dropFirst()
    }

    private static func first(of list: String?, separator: Character) -> String {
        guard let list else { return "" }
        return list.split(separator: separator).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    private static func circle(named rotaryName: String?, exit: Int?) -> Phrases {
        let enter = rotaryName.map { _ in "Enter {rotary_name}" } ?? "Enter the traffic circle"
        if exit != nil {
            let take = enter + " and take the {exit_number} exit"
            return Phrases(take, take + " onto {way_name}", take + " towards {destination}")
        }
        return Phrases(enter, enter + " and exit onto {way_name}", enter + " and exit towards {destination}")
    }

    private static let modifierWords = [
        "left": "left", "right": "right", "sharp left": "sharp left", "sharp right": "sharp right",
        "slight left": "slight left",
        "slight right": "slight right", "straight": "straight", "uturn": "U-turn",
    ]

    // MARK: - The table (osrm-text-instructions, languages/translations/en.json, v5)

    private static let uturn = Phrases(
        "Make a U-turn", "Make a U-turn onto {way_name}", "Make a U-turn towards {destination}")

    private static func ramp(_ side: String) -> Phrases {
        let on = side.isEmpty ? "" : " on the \(side)"
        return Phrases(
            "Take the ramp\(on)", "Take the ramp\(on) onto {way_name}", "Take the ramp\(on) towards {destination}",
            exit: "Take exit {exit}\(on)", exitDestination: "Take exit {exit}\(on) towards {destination}")
    }

    private static let table: [String: [String: Phrases]] = [
        "depart": ["default": Phrases("Head {direction}", "Head {direction} on {way_name}")],
        "turn": [
            "default": Phrases(
                "Make a {modifier}", "Make a {modifier} onto {way_name}", "Make a {modifier} towards {destination}"),
            "left": Phrases("Turn left", "Turn left onto {way_name}", "Turn left towards {destination}"),
            "right": Phrases("Turn right", "Turn right onto {way_name}", "Turn right towards {destination}"),
            "straight": Phrases("Go straight", "Go straight onto {way_name}", "Go straight towards {destination}"),
        ],
        "new name": [
            "default": Phrases(
                "Continue {modifier}", "Continue {modifier} onto {way_name}",
                "Continue {modifier} towards {destination}"),
            "straight": Phrases("Continue straight", "Continue onto {way_name}", "Continue towards {destination}"),
            "sharp left": Phrases(
                "Take a sharp left", "Take a sharp left onto {way_name}", "Take a sharp left towards {destination}"),
            "sharp right": Phrases(
                "Take a sharp right", "Take a sharp right onto {way_name}", "Take a sharp right towards {destination}"),
            "slight left": Phrases(
                "Continue slightly left", "Continue slightly left onto {way_name}",
                "Continue slightly left towards {destination}"),
            "slight right": Phrases(
                "Continue slightly right", "Continue slightly right onto {way_name}",
                "Continue slightly right towards {destination}"),
            "uturn": uturn,
        ],
        "continue": [
            "default": Phrases(
                "Turn {modifier}", "Turn {modifier} to stay on {way_name}", "Turn {modifier} towards {destination}",
                exit: "Turn {modifier} onto {way_name}"),
            "straight": Phrases(
                "Continue straight", "Continue straight to stay on {way_name}", "Continue towards {destination}"),
            "sharp left": Phrases(
                "Make a sharp left", "Make a sharp left to stay on {way_name}",
                "Make a sharp left towards {destination}"),
            "sharp right": Phrases(
                "Make a sharp right", "Make a sharp right to stay on {way_name}",
                "Make a sharp right towards {destination}"),
            "slight left": Phrases(
                "Make a slight left", "Make a slight left to stay on {way_name}",
                "Make a slight left towards {destination}"),
            "slight right": Phrases(
                "Make a slight right", "Make a slight right to stay on {way_name}",
                "Make a slight right towards {destination}"),
            "uturn": Phrases("Make a U-turn", "Make a U-turn along {way_name}", "Make a U-turn towards {destination}"),
        ],
        "end of road": [
            "default": Phrases(
                "Turn {modifier}", "Turn {modifier} onto {way_name}", "Turn {modifier} towards {destination}"),
            "straight": Phrases(
                "Continue straight", "Continue straight onto {way_name}", "Continue straight towards {destination}"),
            "uturn": Phrases(
                "Make a U-turn at the end of the road", "Make a U-turn onto {way_name} at the end of the road",
                "Make a U-turn towards {destination} at the end of the road"),
        ],
        "fork": [
            "default": Phrases(
                "Keep {modifier} at the fork", "Keep {modifier} onto {way_name}",
                "Keep {modifier} towards {destination}"),
            "slight left": Phrases(
                "Keep left at the fork", "Keep left onto {way_name}", "Keep left towards {destination}"),
            "slight right": Phrases(
                "Keep right at the fork", "Keep right onto {way_name}", "Keep right towards {destination}"),
            "sharp left": Phrases(
                "Take a sharp left at the fork", "Take a sharp left onto {way_name}",
                "Take a sharp left towards {destination}"),
            "sharp right": Phrases(
                "Take a sharp right at the fork", "Take a sharp right onto {way_name}",
                "Take a sharp right towards {destination}"),
            "uturn": uturn,
        ],
        "merge": [
            "default": Phrases(
                "Merge {modifier}", "Merge {modifier} onto {way_name}", "Merge {modifier} towards {destination}"),
            "straight": Phrases("Merge", "Merge onto {way_name}", "Merge towards {destination}"),
            "slight left": Phrases("Merge left", "Merge left onto {way_name}", "Merge left towards {destination}"),
            "slight right": Phrases("Merge right", "Merge right onto {way_name}", "Merge right towards {destination}"),
            "sharp left": Phrases("Merge left", "Merge left onto {way_name}", "Merge left towards {destination}"),
            "sharp right": Phrases("Merge right", "Merge right onto {way_name}", "Merge right towards {destination}"),
            "uturn": uturn,
        ],
        "notification": [
            "default": Phrases(
                "Continue {modifier}", "Continue {modifier} onto {way_name}",
                "Continue {modifier} towards {destination}"),
            "uturn": uturn,
        ],
        "on ramp": [
            "default": ramp(""), "left": ramp("left"), "sharp left": ramp("left"), "slight left": ramp("left"),
            "right": ramp("right"), "sharp right": ramp("right"), "slight right": ramp("right"),
        ],
        "off ramp": [
            "default": ramp(""), "left": ramp("left"), "sharp left": ramp("left"), "slight left": ramp("left"),
            "right": ramp("right"), "sharp right": ramp("right"), "slight right": ramp("right"),
        ],
        "roundabout turn": [
            "default": Phrases(
                "Make a {modifier}", "Make a {modifier} onto {way_name}", "Make a {modifier} towards {destination}"),
            "left": Phrases("Turn left", "Turn left onto {way_name}", "Turn left towards {destination}"),
            "right": Phrases("Turn right", "Turn right onto {way_name}", "Turn right towards {destination}"),
            "straight": Phrases(
                "Continue straight", "Continue straight onto {way_name}", "Continue straight towards {destination}"),
        ],
        "exit roundabout": [
            "default": Phrases(
                "Exit the traffic circle", "Exit the traffic circle onto {way_name}",
                "Exit the traffic circle towards {destination}")
        ],
        "exit rotary": [
            "default": Phrases(
                "Exit the traffic circle", "Exit the traffic circle onto {way_name}",
                "Exit the traffic circle towards {destination}")
        ],
        "use lane": ["default": Phrases("Continue straight")],
    ]
}
