import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

enum ChangeHelp {
    static let target = """
        TARGET is a transaction id, a unique id prefix of at least 6 characters, or an exact name in \
        the month (--month YYYY-MM, default the current pay-day period). The change is stored at once \
        and sent when the server answers; offline or in maintenance it waits in the outbox.
        Exit status: 0 done, 75 stored and queued, 65 invalid input or refused by the server, \
        64 unknown or ambiguous target (the candidates are listed), 77 not signed in or locked.
        """
}
