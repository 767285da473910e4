import Foundation
import PlaceCore
import PlacesKit
import Synchronization
import Testing

/// What an import tells its progress bar: every step in order, each step's count only growing up
/// to its total, the places step counting the addresses made on the other thread as they are made
/// (not all at once at its end), and the store step counting the rows written.
struct ImportProgressTests {
    /// A street, a café and forty addresses along the street: most of the places step's work is
    /// the addresses.
    static var extract: String {
        var nodes = ""
        for number in 1...40 {
            let longitude = 4.8900 + Double(number) * 0.00005
            let tags = #"<tag k="addr:street" v="Voortgangstraat"/><tag k="addr:housenumber" v="\#(number)"/>"#
            nodes += #"<node id="\#(100 + number)" lat="52.3700" lon="\#(longitude)">\#(tags)</node>"# + "\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="hand">
             <node id="1" lat="52.3699" lon="4.8900"/>
             <node id="2" lat="52.3699" lon="4.8925"/>
             <node id="3" lat="52.3702" lon="4.8910"><tag k="amenity" v="cafe"/><tag k="name" v="Koffie Vooruit"/></node>
            \(nodes) <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Voortgangstraat"/></way>
            </osm>
            """
    }

    @Test func everyStepIsToldInOrderAndItsCountsOnlyGrowToTheirTotals() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("progress.osm")
        try Self.extract.write(to: file, atomically: true, encoding: .utf8)
        let heard = Mutex<[(step: ImportStep, done: Int, total: Int)]>([])
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions()) { _, step, done, total in
            heard.withLock { $0.append((step, done, total)) }
        }
        let events = heard.withLock { $0 }
        // The steps, each once, in order.
        var steps: [ImportStep] = []
        for event in events where steps.last != event.step { steps.append(event.step) }
        #expect(steps == [.reading, .walkingGraph, .places, .store, .nameIndex], "\(steps)")
        for step in [ImportStep.places, .store] {
            let counted = events.filter { $0.step == step && $0.total > 0 }
            #expect(!counted.isEmpty, "\(step) tells how far it is")
            #expect(zip(counted, counted.dropFirst()).allSatisfy { $0.done <= $1.done }, "\(step): \(counted.map(\.done))")
            #expect(counted.allSatisfy { $0.done <= $0.total })
            #expect(counted.last.map { $0.done == $0.total } == true, "\(step) ends at its total")
        }
        // The store step counts the rows it writes: the café, the street and the forty addresses.
        #expect(events.first { $0.step == .store && $0.total > 0 }?.total == 42)
    }
}
