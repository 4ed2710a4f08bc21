extension Core {
    /// Text typed into the login, PIN or quick-add form, or the filter (ignored while a request
    /// for that form runs).
    static func typed(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        switch state.screen {
        case .home:
            switch state.home?.panel {
            case .quickAdd?: return quickAddTyped(&state, edit)
            case .search?: return searchTyped(&state, edit)
            case .reconcile?: return reconcileTyped(&state, edit)
            case .tags?: return tagsTyped(&state, edit)
            case .importReview?: return importTyped(&state, edit)
            case nil: return filterTyped(&state, edit)
            }
        case var .login(form):
            guard !form.isSubmitting else { return [] }
            switch form.focus {
            case .email: form.email.apply(edit)
            case .password: form.password.apply(edit)
            case .demo: return []
            }
            state.screen = .login(form)
            return []
        case var .pin(form):
            guard !form.isUnlocking else { return [] }
            form.apply(edit)
            if form.isComplete {
                // Like the Pulpe apps: the fourth digit unlocks, no Enter needed.
                form.isUnlocking = true
                form.error = nil
                state.screen = .pin(form)
                postStatus(&state, .unlocking)
                return [.session(.unlock(pin: form.digits))]
            }
            state.screen = .pin(form)
            return []
        default:
            return []
        }
    }

    static func loginAction(_ state: inout AppState, _ action: LoginAction) -> [Effect] {
        switch state.screen {
        case var .login(form):
            guard !form.isSubmitting else { return [] }
            switch action {
            case .nextField: form.focusNext()
            case .previousField: form.focusPrevious()
            case .startDemo:
                return submitDemo(&state, form)
            case .submit:
                if form.focus == .demo { return submitDemo(&state, form) }
                if form.focus == .email, form.password.text.isEmpty, !form.email.text.isEmpty {
                    form.focus = .password   // Enter in the email field moves on, like a web form.
                    break
                }
                switch form.validated() {
                case let .failure(problem):
                    form.error = problem
                case let .success(credentials):
                    form.error = nil
                    form.isSubmitting = true
                    state.screen = .login(form)
                    postStatus(&state, .connecting)
                    return [.session(.logIn(email: credentials.email, password: credentials.password))]
                }
            }
            state.screen = .login(form)
            return []
        default:
            return []
        }
    }

    /// `Échap` on the PIN screen: another account.
    static func pinAction(_ state: inout AppState, _ action: PinAction) -> [Effect] {
        guard case let .pin(form) = state.screen, action == .signOut, !form.isUnlocking else { return [] }
        return signOut(&state, email: form.email)
    }

    private static func submitDemo(_ state: inout AppState, _ form: LoginForm) -> [Effect] {
        var form = form
        form.error = nil
        form.isSubmitting = true
        state.screen = .login(form)
        postStatus(&state, .connecting)
        return [.session(.startDemo)]
    }
}
