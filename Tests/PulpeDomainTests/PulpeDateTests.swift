import Foundation
import Testing
@testable import PulpeDomain

@Suite("PulpeDate parsing and formatting")
struct PulpeDateTests {
    /// 2026-08-07T12:00:00Z.
    let noon = Date(timeIntervalSince1970: 1_786_104_000)

    @Test func parsesAllBackendShapes() {
        #expect(PulpeDate.parse("2026-08-07T12:00:00Z") == noon)
        #expect(PulpeDate.parse("2026-08-07T12:00:00+00:00") == noon)
        #expect(PulpeDate.parse("2026-08-07T14:00:00+02:00") == noon)
        #expect(PulpeDate.parse("2026-08-07T08:30:00-03:30") == noon)
        #expect(PulpeDate.parse("2026-08-07T14:00:00+0200") == noon)
        #expect(PulpeDate.parse("2026-08-07T14:00:00+02") == noon)
        #expect(PulpeDate.parse("2026-08-07 12:00:00+00") == noon)
        #expect(PulpeDate.parse("2026-08-07t12:00:00z") == noon)
        #expect(PulpeDate.parse("2026-08-07T12:00Z") == noon)
    }

    @Test("fraction digits 1 to 9", arguments: [
        ("2026-08-07T12:00:00.1Z", 100_000),
        ("2026-08-07T12:00:00.12Z", 120_000),
        ("2026-08-07T12:00:00.123Z", 123_000),
        ("2026-08-07T12:00:00.1234Z", 123_400),
        ("2026-08-07T12:00:00.12345Z", 123_450),
        ("2026-08-07T12:00:00.123456Z", 123_456),
        ("2026-08-07T12:00:00.123456789Z", 123_457),
    ])
    func fractions(text: String, micros: Int) throws {
        let date = try #require(PulpeDate.parse(text))
        let offset = date.timeIntervalSince(noon)
        #expect(Int((offset * 1_000_000).rounded()) == micros)
    }

    @Test func microsecondsWithOffset() throws {
        let parsed = try #require(PulpeDate.parseDetailed("2026-08-07T14:00:00.123456+02:00"))
        #expect(parsed.utcOffsetSeconds == 7200)
        #expect(PulpeDate.format(parsed.date) == "2026-08-07T12:00:00.123456+00:00")
        #expect(PulpeDate.format(parsed.date, utcOffsetSeconds: 7200) == "2026-08-07T14:00:00.123456+02:00")
    }

    @Test func missingOffsetIsUTCAndReported() throws {
        let parsed = try #require(PulpeDate.parseDetailed("2026-08-07T12:00:00"))
        #expect(parsed.date == noon)
        #expect(parsed.utcOffsetSeconds == nil)
        #expect(PulpeDate.parse("2026-08-07") == Date(timeIntervalSince1970: 1_786_060_800))
    }

    @Test("rejects malformed timestamps", arguments: [
        "", "2026", "2026-8-7T12:00:00Z", "2026-02-30T12:00:00Z", "2026-13-01T00:00:00Z", "2026-08-07T24:00:00Z",
        "2026-08-07T12:60:00Z", "2026-08-07T12:00:61Z", "2026-08-07T12:00:00.Z", "2026-08-07T12:00:00+25:00",
        "2026-08-07T12:00:00Zjunk", "not a date", "2026-08-07X12:00:00Z", "2026-08-07T12:00:00+02:0",
    ])
    func rejects(text: String) {
        #expect(PulpeDate.parse(text) == nil)
    }

    @Test func leapDay() {
        #expect(PulpeDate.parse("2024-02-29T00:00:00Z") != nil)
        #expect(PulpeDate.parse("2025-02-29T00:00:00Z") == nil)
        #expect(PulpeDate.parse("2000-02-29T00:00:00Z") != nil)
        #expect(PulpeDate.parse("1900-02-29T00:00:00Z") == nil)
    }

    @Test func formatting() {
        #expect(PulpeDate.format(noon) == "2026-08-07T12:00:00.000000+00:00")
        #expect(PulpeDate.format(noon, fractionDigits: 0) == "2026-08-07T12:00:00+00:00")
        #expect(PulpeDate.format(noon, fractionDigits: 3) == "2026-08-07T12:00:00.000+00:00")
        #expect(PulpeDate.format(noon, utcOffsetSeconds: -9000, fractionDigits: 0) == "2026-08-07T09:30:00-02:30")
        #expect(PulpeDate.format(noon, timeZone: zurich, fractionDigits: 0) == "2026-08-07T14:00:00+02:00")
        #expect(PulpeDate.format(instant("2026-01-15T12:00:00Z"), timeZone: zurich, fractionDigits: 0) == "2026-01-15T13:00:00+01:00")
        #expect(PulpeDate.format(Date(timeIntervalSince1970: 0), fractionDigits: 0) == "1970-01-01T00:00:00+00:00")
        #expect(PulpeDate.format(Date(timeIntervalSince1970: -1), fractionDigits: 0) == "1969-12-31T23:59:59+00:00")
    }

    @Test func roundingCarriesIntoSeconds() {
        let almost = noon.addingTimeInterval(0.9996)
        #expect(PulpeDate.format(almost, fractionDigits: 3) == "2026-08-07T12:00:01.000+00:00")
    }

    @Test func roundTripIsStableAtMicroseconds() throws {
        for text in ["2026-08-07T12:00:00.123456+00:00", "2025-12-31T23:59:59.999999+00:00", "2024-02-29T00:00:00.000001+00:00"] {
            let date = try #require(PulpeDate.parse(text))
            let written = PulpeDate.format(date)
            #expect(written == text)
            #expect(PulpeDate.parse(written) == date)
        }
    }

    @Test func decoderAndEncoderUseIt() throws {
        struct Stamp: Codable { var at: Date }
        let stamp = try decode(Stamp.self, #"{"at":"2026-08-07T14:00:00.5+02:00"}"#)
        #expect(stamp.at == noon.addingTimeInterval(0.5))
        #expect(try encodeText(stamp) == #"{"at":"2026-08-07T12:00:00.500000+00:00"}"#)
        #expect(throws: (any Error).self) { try decode(Stamp.self, #"{"at":"yesterday"}"#) }
    }
}
