import Foundation
import GRDB
import PulpeDomain
import PulpeStore

enum StoreChecks {
    /// A date read from disk is one the app can show and send: finite, and a real calendar year.
    static func dates(_ dates: [Date], _ what: String) throws(FuzzViolation) {
        for date in dates {
            let seconds = date.timeIntervalSince1970
            try check(seconds.isFinite && seconds >= -62_135_596_800 && seconds < 253_402_300_800,
                      "\(what): date \(seconds) read back")
            let text = PulpeDate.format(date)
            try check(PulpeDate.parse(text) != nil, "\(what): \(text) does not parse")
        }
    }

    /// What the screen does with a row: its amount and its day.
    static func shown(amount: Decimal, date: Date) throws(FuzzViolation) {
        _ = MoneyFormatter.format(amount, currency: .chf)
        _ = DateFormatting.swissDate(date, in: .utc)
    }
}
