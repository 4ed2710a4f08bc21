import PulpeCore
import PulpeTerminal

/// The view of the whole app: a pure function from state (and the time, for animations) to a
/// cell buffer. The runtime presents the buffer; goldens compare it as text.
public enum RootView {
    public static func render(_ state: AppState, now: AppTime, context: ViewContext) -> RenderedFrame {
        let size = state.terminalSize
        var painter = Painter(width: size.width, height: size.height, context: context)
        if size.isBelowMinimum {
            TooSmallView.draw(state, into: &painter)
            return RenderedFrame(buffer: painter.buffer, nextRedraw: nil)
        }
        let nextRedraw: AppTime?
        switch state.screen {
        case let .splash(splash):
            nextRedraw = SplashView.draw(splash, now: now, context: context, into: &painter)
        case .checking:
            nextRedraw = CheckingView.draw(state, now: now, context: context, into: &painter)
        case let .maintenance(maintenance):
            nextRedraw = MaintenanceView.draw(maintenance, state: state, now: now, context: context, into: &painter)
        case let .networkUnavailable(network):
            nextRedraw = NetworkUnavailableView.draw(network, state: state, now: now, context: context, into: &painter)
        case let .login(form):
            nextRedraw = LoginView.draw(form, state: state, now: now, context: context, into: &painter)
        case let .pin(form):
            nextRedraw = PinView.draw(form, state: state, now: now, context: context, into: &painter)
        case .home:
            guard let home = state.home else { nextRedraw = nil; break }
            if let browse = home.browse {
                nextRedraw = MainView.draw(home, browse: browse, state: state, now: now, context: context, into: &painter)
                switch home.panel {
                case let .quickAdd(form)?: QuickAddView.draw(form, browse: browse, into: &painter)
                case let .search(search)?: SearchView.draw(search, browse: browse, state: state, into: &painter)
                case let .tags(screen)?: TagsScreenView.draw(screen, state: state, into: &painter)
                case let .importReview(review)?: ImportReviewView.draw(review, state: state, into: &painter)
                case let .reconcile(form)?: ReconcileView.draw(form, browse: browse, into: &painter)
                case nil: break
                }
            } else {
                nextRedraw = HomeView.draw(home, state: state, now: now, context: context, into: &painter)
            }
        }
        switch state.overlay {
        case .help?: HelpOverlay.draw(state, into: &painter)
        case let .confirm(question)?: ConfirmOverlay.draw(question, state: state, into: &painter)
        case let .pendingList(selected)?: PendingListOverlay.draw(selected: selected, state: state, into: &painter)
        case let .tagChart(chart)?: TagChartOverlay.draw(chart, state: state, into: &painter)
        case let .reports(screen)?: ReportsView.draw(screen, state: state, into: &painter)
        case let .templates(screen)?: TemplatesView.draw(screen, state: state, into: &painter)
        case let .settings(screen)?: SettingsView.draw(screen, state: state, into: &painter)
        case let .recap(recap)?: RecapView.draw(recap, state: state, into: &painter)
        case nil: break
        }
        return RenderedFrame(buffer: painter.buffer, nextRedraw: nextRedraw)
    }
}
