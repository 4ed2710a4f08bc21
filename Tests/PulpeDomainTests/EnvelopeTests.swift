import Foundation
import Testing
@testable import PulpeDomain

@Suite("Envelopes and error bodies")
struct EnvelopeTests {
    @Test func messageEnvelope() throws {
        let envelope = try decode(MessageEnvelope.self, #"{"success":true,"message":"Transaction deleted successfully"}"#)
        #expect(envelope.success)
        #expect(envelope.message == "Transaction deleted successfully")
    }

    @Test func successEnvelopeEncodes() throws {
        #expect(try encodeText(SuccessEnvelope(data: HealthStatus())) == #"{"data":{"status":"healthy"},"success":true}"#)
        #expect(try encodeText(SuccessEnvelope(data: [1, 2], message: "ok")) == #"{"data":[1,2],"message":"ok","success":true}"#)
    }

    @Test func errorWithStringMessage() throws {
        let json = #"""
        {"success":false,"statusCode":404,"timestamp":"2026-11-21T13:00:00.000Z","path":"/api/v1/budgets/9f1c2d3e-0000-4000-8000-000000000000",
         "method":"GET","message":"Budget not found","error":"BusinessException","code":"ERR_BUDGET_NOT_FOUND",
         "context":{"requestId":"5b0e7c8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e","userId":"u-1"},"details":{"budgetId":"9f1c2d3e","attempt":1.5,"flags":[true,null]}}
        """#
        let body = try #require(APIErrorBody.decode(from: Data(json.utf8)))
        #expect(body.success == false)
        #expect(body.statusCode == 404)
        #expect(body.path == "/api/v1/budgets/9f1c2d3e-0000-4000-8000-000000000000")
        #expect(body.method == "GET")
        #expect(body.messageText == "Budget not found")
        #expect(body.validationErrors.isEmpty)
        #expect(body.error == "BusinessException")
        #expect(body.code == "ERR_BUDGET_NOT_FOUND")
        #expect(body.errorCode == .budgetNotFound)
        #expect(body.requestId == "5b0e7c8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e")
        #expect(body.date == instant("2026-11-21T13:00:00Z"))
        #expect(body.details == .object([
            "budgetId": .string("9f1c2d3e"),
            "attempt": .number(dec("1.5")),
            "flags": .array([.bool(true), .null]),
        ]))
        #expect(body.details?["attempt"]?.numberValue == dec("1.5"))
        #expect(!APIErrorBody.isMaintenance(status: 404, body: Data(json.utf8)))
    }

    @Test func errorWithObjectMessage() throws {
        let json = #"""
        {"success":false,"statusCode":400,"timestamp":"2026-11-21T13:00:00.000Z","path":"/api/v1/transactions","method":"POST",
         "message":{"message":"Validation failed","errors":[
            {"code":"unrecognized_keys","path":[],"message":"Unrecognized key(s) in object: 'category'"},
            {"code":"too_big","path":["amount"],"message":"Number must be less than or equal to 1000000"},
            {"code":"invalid_string","path":["tagIds",3],"message":"Invalid uuid"}]},
         "error":"BadRequestException","code":"ERR_ZOD_VALIDATION_FAILED","context":{"requestId":"r-1"}}
        """#
        let body = try #require(APIErrorBody.decode(from: Data(json.utf8)))
        #expect(body.messageText == "Validation failed")
        #expect(body.errorCode == .zodValidationFailed)
        #expect(body.errorCode?.isValidationFailure == true)
        #expect(body.validationErrors.count == 3)
        #expect(body.validationErrors[0] == ValidationIssue(code: "unrecognized_keys", path: [], message: "Unrecognized key(s) in object: 'category'"))
        #expect(body.validationErrors[1].pathText == "amount")
        #expect(body.validationErrors[2].pathText == "tagIds.3")
        #expect(body.requestId == "r-1")
    }

    @Test func objectMessageWithoutTopMessageFallsBackToFirstIssue() throws {
        let body = try decode(APIErrorBody.self, #"{"message":{"errors":[{"code":"x","path":"name","message":"Name required"}]}}"#)
        #expect(body.messageText == "Name required")
        #expect(body.validationErrors[0].path == ["name"])
    }

    @Test func nestStyleMessageList() throws {
        let body = try decode(APIErrorBody.self, #"{"statusCode":400,"message":["a must be set","b too long"],"error":"Bad Request"}"#)
        #expect(body.messageText == "a must be set; b too long")
    }

    @Test func maintenanceBody() throws {
        let text = #"{"statusCode":503,"code":"MAINTENANCE","message":"Application en maintenance — réessaie plus tard"}"#
        let data = Data(text.utf8)
        let body = try #require(APIErrorBody.decode(from: data))
        #expect(body.success == nil)
        #expect(body.statusCode == 503)
        #expect(body.errorCode == .maintenance)
        #expect(body.messageText == "Application en maintenance \u{2014} réessaie plus tard")
        #expect(APIErrorBody.isMaintenance(status: 503, body: data))
        #expect(APIErrorBody.isMaintenance(status: 503, body: body))
        #expect(MiddlewareErrorBody.maintenance.jsonText == text)
        #expect(try decode(MiddlewareErrorBody.self, text) == .maintenance)
    }

    @Test func maintenanceDetectionRule() {
        let extra = Data(#"{"success":false,"code":"MAINTENANCE","statusCode":503,"message":{"x":1},"anything":[1]}"#.utf8)
        #expect(APIErrorBody.isMaintenance(status: 503, body: extra))
        #expect(!APIErrorBody.isMaintenance(status: 500, body: extra))
        #expect(!APIErrorBody.isMaintenance(status: 200, body: extra))
        #expect(!APIErrorBody.isMaintenance(status: 503, body: Data(#"{"statusCode":503,"code":"ERR_INTERNAL_SERVER"}"#.utf8)))
        #expect(!APIErrorBody.isMaintenance(status: 503, body: Data(#"{"code":"maintenance"}"#.utf8)))
        #expect(!APIErrorBody.isMaintenance(status: 503, body: Data("<html>Service Unavailable</html>".utf8)))
        #expect(!APIErrorBody.isMaintenance(status: 503, body: Data()))
        #expect(!APIErrorBody.isMaintenance(status: 503, body: Data(#"["MAINTENANCE"]"#.utf8)))
        #expect(!APIErrorBody.isMaintenance(status: 503, body: nil as APIErrorBody?))
    }

    @Test func ipBlockedBody() throws {
        let text = #"{"statusCode":403,"code":"IP_BLOCKED","message":"Access denied."}"#
        let body = try #require(APIErrorBody.decode(from: Data(text.utf8)))
        #expect(body.errorCode == .ipBlocked)
        #expect(body.statusCode == 403)
        #expect(body.messageText == "Access denied.")
        #expect(body.success == nil)
        #expect(MiddlewareErrorBody.ipBlocked.jsonText == text)
    }

    @Test func unreadableBodies() throws {
        #expect(APIErrorBody.decode(from: Data("Bad Gateway".utf8)) == nil)
        #expect(APIErrorBody.decode(from: Data()) == nil)
        // Wrong member types are dropped, not fatal.
        let odd = try #require(APIErrorBody.decode(from: Data(#"{"statusCode":"404","code":42,"message":7,"context":"x"}"#.utf8)))
        #expect(odd.statusCode == nil)
        #expect(odd.code == nil)
        #expect(odd.message == .other(.number(7)))
        #expect(odd.messageText == nil)
        #expect(odd.requestId == nil)
    }

    @Test func errorBodyEncodesForTheSandbox() throws {
        let body = APIErrorBody(success: false, statusCode: 409, timestamp: "2026-11-21T13:00:00.000Z",
                                path: "/api/v1/transactions", method: "POST",
                                message: .text("Transaction already exists"), error: "BusinessException",
                                code: APIErrorCode.transactionAlreadyExists.rawValue, requestId: "r-9")
        let text = try encodeText(body)
        #expect(text == #"{"code":"ERR_TRANSACTION_ALREADY_EXISTS","context":{"requestId":"r-9"},"error":"BusinessException","message":"Transaction already exists","method":"POST","path":"/api/v1/transactions","statusCode":409,"success":false,"timestamp":"2026-11-21T13:00:00.000Z"}"#)
        #expect(try decode(APIErrorBody.self, text) == body)

        let validation = APIErrorBody(statusCode: 400, message: .structured(message: "Validation failed", errors: [ValidationIssue(code: "too_big", path: ["amount"], message: "too big")]))
        #expect(try decode(APIErrorBody.self, encodeText(validation)) == validation)
    }

    @Test("every §3 code maps both ways", arguments: [
        ("ERR_AUTH_TOKEN_MISSING", APIErrorCode.authTokenMissing, 401),
        ("ERR_AUTH_TOKEN_INVALID", .authTokenInvalid, 401),
        ("ERR_AUTH_UNAUTHORIZED", .authUnauthorized, 401),
        ("ERR_AUTH_CLIENT_KEY_MISSING", .authClientKeyMissing, 403),
        ("ERR_AUTH_CLIENT_KEY_INVALID", .authClientKeyInvalid, 400),
        ("ERR_ENCRYPTION_KEY_CHECK_FAILED", .encryptionKeyCheckFailed, 400),
        ("ERR_USER_ACCOUNT_BLOCKED", .userAccountBlocked, 403),
        ("ERR_BUDGET_NOT_FOUND", .budgetNotFound, 404),
        ("ERR_BUDGET_ALREADY_EXISTS", .budgetAlreadyExists, 409),
        ("ERR_TRANSACTION_NOT_FOUND", .transactionNotFound, 404),
        ("ERR_TRANSACTION_VALIDATION_FAILED", .transactionValidationFailed, 400),
        ("ERR_TRANSACTION_ALREADY_EXISTS", .transactionAlreadyExists, 409),
        ("ERR_TRANSACTION_CREATE_FAILED", .transactionCreateFailed, 500),
        ("ERR_BUDGET_LINE_NOT_FOUND", .budgetLineNotFound, 404),
        ("ERR_REQUIRED_DATA_MISSING", .requiredDataMissing, 400),
        ("ERR_VALIDATION_FAILED", .validationFailed, 400),
        ("ERR_ZOD_VALIDATION_FAILED", .zodValidationFailed, 400),
        ("ERR_RATE_LIMIT_EXCEEDED", .rateLimitExceeded, 429),
        ("ERR_INTERNAL_SERVER", .internalServer, 500),
        ("ERR_UNKNOWN", .unknownError, 500),
        ("MAINTENANCE", .maintenance, 503),
        ("IP_BLOCKED", .ipBlocked, 403),
        ("HTTP_400", .http(400), 400),
        ("HTTP_404", .http(404), 404),
        ("HTTP_429", .http(429), 429),
    ])
    func codes(raw: String, code: APIErrorCode, status: Int) {
        #expect(APIErrorCode(rawValue: raw) == code)
        #expect(code.rawValue == raw)
        #expect(code.httpStatus == status)
    }

    @Test func unknownCodes() throws {
        #expect(APIErrorCode(rawValue: "ERR_SOMETHING_NEW") == .unknown("ERR_SOMETHING_NEW"))
        #expect(APIErrorCode(rawValue: "ERR_SOMETHING_NEW").rawValue == "ERR_SOMETHING_NEW")
        #expect(APIErrorCode(rawValue: "HTTP_abc") == .unknown("HTTP_abc"))
        #expect(APIErrorCode(rawValue: "HTTP_42") == .unknown("HTTP_42"))
        #expect(APIErrorCode(rawValue: "err_budget_not_found") == .unknown("err_budget_not_found"))
        #expect(APIErrorCode.unknown("X").httpStatus == nil)
        #expect(try decode(APIErrorCode.self, #""HTTP_404""#) == .http(404))
        #expect(try encodeText([APIErrorCode.maintenance]) == #"["MAINTENANCE"]"#)
    }

    @Test func codeFamilies() {
        #expect(APIErrorCode.authTokenInvalid.isAuthenticationFailure)
        #expect(APIErrorCode.authUnauthorized.isAuthenticationFailure)
        #expect(!APIErrorCode.authClientKeyMissing.isAuthenticationFailure)
        #expect(APIErrorCode.http(429).isRateLimited)
        #expect(APIErrorCode.rateLimitExceeded.isRateLimited)
        #expect(!APIErrorCode.http(500).isRateLimited)
        #expect(APIErrorCode.requiredDataMissing.isValidationFailure)
        #expect(!APIErrorCode.transactionCreateFailed.isValidationFailure)
    }

    @Test func jsonValueRoundTrip() throws {
        let json = #"{"a":[1,0.1,-2.5e3,"s",true,false,null,{"b":{}}]}"#
        let value = try decode(JSONValue.self, json)
        #expect(value["a"]?.arrayValue?.count == 8)
        #expect(value["a"]?.arrayValue?[1] == .number(dec("0.1")))
        #expect(value["a"]?.arrayValue?[2] == .number(dec("-2500")))
        #expect(value["a"]?.arrayValue?[4] == .bool(true))
        #expect(value["a"]?.arrayValue?[6].isNull == true)
        #expect(try encodeText(value) == #"{"a":[1,0.1,-2500,"s",true,false,null,{"b":{}}]}"#)
    }

    @Test func middlewareQuoteEscapes() {
        #expect(MiddlewareErrorBody.quote("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }
}
