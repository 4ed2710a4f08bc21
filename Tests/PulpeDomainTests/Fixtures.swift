import Foundation

/// Realistic bodies written from the API contract (§5–§9, §13), with the extra keys a newer backend adds.
enum Fixtures {
    static let budgetList = #"""
    {"success":true,"data":[
      {"id":"7a1e0c1e-6f0b-4c55-9d0e-2b3c4d5e6f70","createdAt":"2026-11-01T08:00:00.123456+00:00",
       "updatedAt":"2026-11-20T19:45:12.5+00:00","userId":"0f0e0d0c-0b0a-4909-8807-060504030201",
       "templateId":"11111111-2222-4333-8444-555555555555","month":11,"year":2026,"description":"",
       "endingBalance":650.25,"remaining":1234.56,"isArchived":false},
      {"id":"6b2f1d2f-7a1c-4d66-8e1f-3c4d5e6f7081","createdAt":"2026-10-01T08:00:00+00:00",
       "updatedAt":"2026-10-31T21:00:00Z","userId":"0f0e0d0c-0b0a-4909-8807-060504030201",
       "templateId":"11111111-2222-4333-8444-555555555555","month":10,"year":2026,"description":"Octobre",
       "remaining":584.31}
    ]}
    """#

    static let sparseList = #"""
    {"success":true,"data":[
      {"id":"a","month":11,"year":2026,"remaining":1234.56},
      {"id":"b","month":10,"year":2026,"remaining":-250},
      {"id":"c","month":9,"year":2026,"remaining":0}
    ]}
    """#

    static let details = #"""
    {"success":true,"data":{
      "budget":{"id":"b-11","createdAt":"2026-11-01T08:00:00+00:00","updatedAt":"2026-11-02T08:00:00+00:00",
        "userId":"u-1","templateId":"t-1","month":11,"year":2026,"description":"","endingBalance":400,
        "rollover":500,"previousBudgetId":"b-10","futureField":{"nested":[1,2,3]}},
      "transactions":[
        {"id":"tx-2","createdAt":"2026-11-21T12:32:00.123456+00:00","updatedAt":"2026-11-21T12:32:00.123456+00:00",
         "budgetId":"b-11","budgetLineId":null,"amount":12.5,"name":"Café","kind":"expense",
         "transactionDate":"2026-11-21T14:32:00.123456+02:00","tagIds":[],"checkedAt":"2026-11-21T12:33:00Z",
         "originalAmount":null,"originalCurrency":null,"exchangeRate":null},
        {"id":"tx-1","createdAt":"2026-11-05T10:00:00+00:00","updatedAt":"2026-11-05T10:00:00+00:00",
         "budgetId":"b-11","budgetLineId":"l-food","amount":187.55,"name":"Migros","kind":"expense",
         "transactionDate":"2026-11-05T10:00:00+00:00","tagIds":["tag-1"],"checkedAt":null}
      ],
      "budgetLines":[
        {"id":"l-salary","budgetId":"b-11","templateLineId":"tl-1","savingsGoalId":null,"name":"Salaire",
         "amount":5200,"kind":"income","recurrence":"fixed","isManuallyAdjusted":false,"checkedAt":null,
         "tagIds":[],"createdAt":"2026-11-01T08:00:00+00:00","updatedAt":"2026-11-01T08:00:00+00:00"},
        {"id":"l-rent","budgetId":"b-11","templateLineId":"tl-2","savingsGoalId":null,"name":"Loyer",
         "amount":4000,"kind":"expense","recurrence":"fixed","isManuallyAdjusted":true,
         "checkedAt":"2026-11-01T09:00:00.000+01:00","tagIds":[],"createdAt":"2026-11-01T08:00:00+00:00",
         "updatedAt":"2026-11-01T08:00:00+00:00"},
        {"id":"l-food","budgetId":"b-11","templateLineId":null,"savingsGoalId":null,"name":"Courses",
         "amount":100,"kind":"expense","recurrence":"one_off","isManuallyAdjusted":false,"checkedAt":null,
         "tagIds":[],"createdAt":"2026-11-01T08:00:00+00:00","updatedAt":"2026-11-01T08:00:00+00:00",
         "originalAmount":95,"originalCurrency":"EUR","targetCurrency":"CHF","exchangeRate":1.05}
      ],
      "extraTopLevel":true
    }}
    """#

    static let settings = #"{"success":true,"data":{"payDayOfMonth":25,"currency":"EUR","showCurrencySelector":true}}"#

    static let templates = #"""
    {"success":true,"data":[
      {"id":"t-1","name":"Mois standard","description":"Mon modèle","isDefault":true,"userId":"u-1",
       "createdAt":"2026-01-01T00:00:00+00:00"},
      {"id":"t-2","name":"Vacances"}
    ]}
    """#

    static let tokenAnswer = #"""
    {"access_token":"eyJhbGciOi.jwt.sig","token_type":"bearer","expires_in":3600,"expires_at":1786107600,
     "refresh_token":"r3fr3sh","user":{"id":"0f0e0d0c-0b0a-4909-8807-060504030201","aud":"authenticated",
     "email":"alice@example.ch","role":"authenticated","app_metadata":{"provider":"email"},
     "user_metadata":{"payDayOfMonth":25}},"weak_password":null}
    """#

    static let demoSession = #"""
    {"success":true,"data":{"session":{"access_token":"demo-access","token_type":"bearer","expires_in":3600,
     "expires_at":1786107600,"refresh_token":"demo-refresh","user":{"id":"d-1","email":"demo-1@pulpe.app",
     "created_at":"2026-08-07T12:00:00.654321+00:00"}}},"message":"Demo session created successfully"}
    """#
}
