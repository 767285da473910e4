import PlacesKit
import Testing

@testable import places

/// The import's progress line as text (ProgressLine): the step, the bar, and a time left that is
/// said only when the step's pace means something.
@Suite(.timeLimit(.minutes(10))) struct ProgressLineTests {
    private func line(done: Int, total: Int, elapsed: Double, step: Int = 1) -> ProgressLine {
        ProgressLine(label: "Reading nl.osm.pbf", step: step, steps: 5, done: done, total: total, elapsed: elapsed)
    }

    @Test func barAndTimeLeftFromThePaceSoFar() {
        // A quarter in 10 s: three quarters more take 30 s.
        let text = line(done: 250, total: 1000, elapsed: 10).text
        let bar = String(repeating: "█", count: 7) + String(repeating: "░", count: 23)
        #expect(text == "Reading nl.osm.pbf  step 1 of 5  \(bar)   25 %  about 30 s left")
    }

    @Test func noTimeLeftBeforeThePaceMeansSomething() {
        #expect(line(done: 10, total: 1000, elapsed: 30).secondsLeft == nil, "1 % done")
        #expect(line(done: 500, total: 1000, elapsed: 0.5).secondsLeft == nil, "under a second")
        #expect(line(done: 1000, total: 1000, elapsed: 9).secondsLeft == nil, "done")
        #expect(!line(done: 10, total: 1000, elapsed: 30).text.contains("left"))
        #expect(line(done: 100, total: 1000, elapsed: 2).secondsLeft == 18)
    }

    @Test func stepOfUnknownSizeSaysHowLongItHasRun() {
        let text = ProgressLine(label: "Writing the store", step: 4, steps: 5, done: 0, total: 0, elapsed: 75.2).text
        #expect(text == "Writing the store  step 4 of 5  working, 1 min 16 s so far")
    }

    @Test func fullBarAtTheEndAndNeverPastIt() {
        #expect(line(done: 1000, total: 1000, elapsed: 5).text.contains(String(repeating: "█", count: 30) + "  100 %"))
        #expect(line(done: 1200, total: 1000, elapsed: 5).text.contains("100 %"))
    }

    @Test func durationsInWords() {
        #expect(ProgressLine.duration(0.2) == "1 s")
        #expect(ProgressLine.duration(59.5) == "1 min")
        #expect(ProgressLine.duration(61) == "1 min 1 s")
        #expect(ProgressLine.duration(3599) == "59 min 59 s")
        #expect(ProgressLine.duration(3600) == "1 h")
        #expect(ProgressLine.duration(7530) == "2 h 6 min")
    }

    @Test func labelsNameTheFileAndTheStep() {
        #expect(ProgressBar.label(.reading, file: "/data/nl.osm.pbf") == "Reading nl.osm.pbf")
        #expect(ProgressBar.label(.nameIndex, file: "/data/nl.osm.pbf") == "Name index")
        #expect(ImportStep.reading.number == 1 && ImportStep.nameIndex.number == ImportStep.allCases.count)
    }
}
