import Foundation
import Testing
@testable import PulpeStatusLine

/// The memo's text: everything it holds comes back, and anything else is refused.
struct StatusMemoTests {
    static func memo(key: StatusMemo.KeyCondition = .noneNeeded) -> StatusMemo {
        let inputs = LocalInputs(day: "2026-11-26", environment: 42, files: [
            FileStamp(path: "/home/ana/.local/state/pulpe/session.json", exists: true, device: 65024, inode: 12, size: 478,
                      modifiedSeconds: 1_795_704_023, modifiedNanoseconds: 386_603_949),
            FileStamp(path: "/odd | path\twith\\escapes", exists: false, device: 0, inode: 0, size: 0, modifiedSeconds: 0,
                      modifiedNanoseconds: 0),
            // A tab, a backslash and a line end each before a combining mark, and \r\n: escaped and cut
            // scalar by scalar, not grapheme by grapheme (found by the fuzz target).
            FileStamp(path: "/a\t\u{35D}b\\\u{301}c\r\nd | \u{600}", exists: true, device: 1, inode: 2, size: 3, modifiedSeconds: 4,
                      modifiedNanoseconds: 5),
        ], cache: "6:10774224140530:-366662580")
        return StatusMemo(inputs: inputs, key: key, figures: StatusFiguresTests.december)
    }

    @Test(arguments: [StatusMemo.KeyCondition.noneNeeded, .keyring(description: "pulpe:client-key:/f:s:u", serial: 918_273),
                      .agent(socket: "/run/user/1000/pulpe/agent-0123 | 4567.sock", entry: "7320612075", serial: 4_611_686_018_427_387_904)])
    func everyFieldComesBack(key: StatusMemo.KeyCondition) {
        let memo = Self.memo(key: key)
        #expect(StatusMemo(text: memo.text) == memo)
    }

    @Test func aMonthWithoutBudgetComesBackWithoutAmounts() {
        var memo = Self.memo()
        memo.figures.amount = nil
        memo.figures.compact = nil
        memo.figures.remaining = nil
        #expect(StatusMemo(text: memo.text) == memo)
    }

    @Test func anythingNotWrittenWholeByThisVersionIsRefused() {
        let text = Self.memo().text
        #expect(StatusMemo(text: text.replacing("pulpe-status-memo 1", with: "pulpe-status-memo 2")) == nil)
        #expect(StatusMemo(text: String(text.prefix(text.count / 2))) == nil, "cut short")
        #expect(StatusMemo(text: text + "month\t2027-01\n") == nil, "a name twice")
        #expect(StatusMemo(text: text.replacing("key\tnone", with: "key\tsomething")) == nil)
        #expect(StatusMemo(text: text.replacing("pending\t0", with: "pending\tzero")) == nil)
        #expect(StatusMemo(text: "") == nil)
        for instant in ["1795704023e4175339", "nan", "-inf", "1e12"] {
            #expect(StatusMemo(text: text.replacing("fetchedAt\t1795704023.417", with: "fetchedAt\t\(instant)")) == nil, "\(instant)")
        }
        let agent = Self.memo(key: .agent(socket: "/s.sock", entry: "7320", serial: 1)).text
        #expect(StatusMemo(text: agent.replacing("agent | 1 |", with: "agent | -1 |")) == nil)
        #expect(StatusMemo(text: agent.replacing("| 7320 |", with: "| not hex |")) == nil)
        #expect(StatusMemo(text: agent.replacing("| /s.sock", with: "| s.sock")) == nil, "a relative socket")
        #expect(StatusMemo(text: text.replacing("key\tnone", with: "key\tfile | 1795732800.5")) == nil, "the kept-key file is no more")
        #expect(StatusMemo(text: text.replacing("currency\tCHF", with: "currency\tC\"HF")) == nil, "a value JSON would need escaped")
    }

    /// The fuzz target's seeds are memos this version reads (so the fuzzer starts from the parse).
    @Test(arguments: ["demo-session", "keyring-two-waiting", "agent-key-no-budget"])
    func theFuzzSeedsAreWholeMemos(seed: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("fuzz/corpus/status-memo/\(seed)"), encoding: .utf8)
        let memo = try #require(StatusMemo(text: text))
        #expect(memo.text == text || seed != "demo-session", "the seed is what this version writes")
    }
}
