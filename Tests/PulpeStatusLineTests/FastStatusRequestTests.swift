import Testing
@testable import PulpeStatusLine

/// The launcher takes only the `status` options it can answer, read as the app's parser reads them.
struct FastStatusRequestTests {
    @Test func theStatusOptionsAreRead() {
        #expect(FastStatus.request([]) == FastStatus.Request())
        #expect(FastStatus.request(["--json"])?.json == true)
        #expect(FastStatus.request(["--max-age", "60"])?.maxAge == 60)
        #expect(FastStatus.request(["--max-age=0"])?.maxAge == 0)
        #expect(FastStatus.request(["--format", "{compact} · {pending}"])?.format == "{compact} · {pending}")
        #expect(FastStatus.request(["--format={amount}", "--timeout", "1.5", "--json"])
            == FastStatus.Request(maxAge: 300, format: "{amount}", json: true))
    }

    @Test(arguments: [
        ["--api-url", "http://127.0.0.1:3000/api/v1"], ["--profile", "pulpe"], ["--help"], ["-h"], ["--max-age"],
        ["--max-age", "-1"], ["--max-age", "soon"], ["--max-age", "1", "--max-age", "2"], ["--json", "--json"],
        ["--timeout", "never"], ["--format", "-x"], ["extra"],
    ])
    func everythingElseIsTheAppsToAnswer(arguments: [String]) {
        #expect(FastStatus.request(arguments) == nil)
    }
}
