import Foundation
import PulpeDomain
import Testing

@Suite("Auth sessions never print their tokens")
struct AuthSessionRedactionTests {
    @Test("description, debugDescription, interpolation and dump redact both tokens")
    func redacted() {
        let session = AuthSession(accessToken: "SECRET-ACCESS", expiresIn: 3600, expiresAt: 1_795_262_400,
                                  refreshToken: "SECRET-REFRESH", user: AuthUser(id: "user-1", email: "a@b.c"))
        var dumped = ""
        dump(session, to: &dumped)
        for text in [session.description, session.debugDescription, "\(session)", String(reflecting: session), dumped,
                     "\(DemoSession(session: session))"] {
            #expect(!text.contains("SECRET"), "leaked in: \(text)")
        }
        #expect(session.description
            == "AuthSession(user: user-1, tokenType: bearer, expiresIn: 3600, expiresAt: 1795262400, tokens: <redacted>)")
    }
}
